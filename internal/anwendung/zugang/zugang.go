// Package zugang is the application service of accounts: login (password and SSO),
// registration with e-mail confirmation, activation, password reset and profile. It turns
// requests into commands of domain/konto, creates one-time tokens and hashes, and sends the
// mails. The HTTP layer stays thin on top of it.
package zugang

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/domain/validierung"
	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/internal/anwendung/auswahl"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
	"github.com/eabwasser/eabwasser/internal/plattform/drossel"
	"github.com/eabwasser/eabwasser/internal/plattform/mail"
	"github.com/eabwasser/eabwasser/internal/plattform/sso"
	"github.com/eabwasser/eabwasser/internal/zugriff"
)

// Dienst is the access service.
type Dienst struct {
	Store          *eventstore.Store
	Mail           mail.Versand
	Drossel        *drossel.Drossel
	SSOValidateURL string // CAS validation endpoint; empty: SSO is off
	PublicURL      string // e.g. https://eabwasser.example; empty: a loopback host of the request (link)
	Log            *slog.Logger
	Jetzt          func() time.Time
	HTTPClient     *http.Client
	// Vergleiche checks a password against a bcrypt hash (nil: bcrypt); tests count the calls.
	Vergleiche func(hash, passwort []byte) error

	hintergrund sync.WaitGroup // mails of PasswortVergessen still being sent
	reihe       sync.Mutex     // one reset after the other: they may concern the same account
}

// Lifetimes of the one-time links.
const (
	BestaetigungGueltig  = 72 * time.Hour
	ZuruecksetzenGueltig = 24 * time.Hour
	ErstpasswortGueltig  = 7 * 24 * time.Hour
)

// Messages of login and SSO.
var (
	ErrFalscheAnmeldung = errors.New("Benutzername oder Passwort ist falsch.")
	ErrSSO              = errors.New("Sie konnten nicht per SSO angemeldet werden")
)

// Gesperrt is answered with 429 after too many failed logins.
type Gesperrt struct{ Noch time.Duration }

func (g *Gesperrt) Error() string {
	return "Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es " + inDauer(g.Noch) + " erneut."
}

// Mail limits for the mails anyone can trigger without logging in (registration, password
// reset): per recipient address and per client address, in a window of an hour.
const (
	MailsJeAdresse = 3
	MailsJeClient  = 20
	MailFenster    = time.Hour
)

// ZuVieleAnfragen is answered with 429 when one client asks for too many mails.
type ZuVieleAnfragen struct{ Noch time.Duration }

func (z *ZuVieleAnfragen) Error() string {
	return "Zu viele Anfragen. Bitte versuchen Sie es " + inDauer(z.Noch) + " erneut."
}

// inDauer is "in 5 Sekunden", "in einer Minute", "in 15 Minuten" (rounded up).
func inDauer(d time.Duration) string {
	if d < time.Minute {
		sekunden := int(math.Ceil(d.Seconds()))
		if sekunden <= 1 {
			return "in einer Sekunde"
		}
		return fmt.Sprintf("in %d Sekunden", sekunden)
	}
	minuten := int(math.Ceil(d.Minutes()))
	if minuten <= 1 {
		return "in einer Minute"
	}
	return fmt.Sprintf("in %d Minuten", minuten)
}

// Abgelehnt carries why an existing account may not log in (401 with this message).
type Abgelehnt struct{ Grund string }

func (a *Abgelehnt) Error() string { return a.Grund }

func (d *Dienst) jetzt() time.Time {
	if d.Jetzt != nil {
		return d.Jetzt()
	}
	return time.Now()
}

// Anmelden checks user name and password of a login from the client address client.
func (d *Dienst) Anmelden(ctx context.Context, benutzername, passwort, client string) (konten.Konto, error) {
	var s validierung.Sammler
	s.Pflicht("username", strings.TrimSpace(benutzername))
	s.Laenge("username", strings.TrimSpace(benutzername)) // also bounds the throttle's keys
	s.Pflicht("password", passwort)
	if err := s.Err(); err != nil {
		return konten.Konto{}, err
	}
	keys := []string{drossel.Anmeldung(benutzername, client), drossel.Adresse(client)}
	if noch, err := d.Drossel.Wartezeit(ctx, keys...); err != nil {
		return konten.Konto{}, err
	} else if noch > 0 {
		return konten.Konto{}, &Gesperrt{Noch: noch}
	}
	k, err := konten.NachBenutzername(ctx, d.Store.Pool(), strings.TrimSpace(benutzername))
	if err != nil && !errors.Is(err, konten.ErrUnbekannt) {
		return konten.Konto{}, err
	}
	// Unknown names and accounts without a password yet are compared against a dummy hash:
	// every path does one bcrypt comparison, so timing does not tell which names exist.
	hash, mitPasswort := dummyHash, err == nil && k.PasswortHash != ""
	if mitPasswort {
		hash = []byte(k.PasswortHash)
	}
	// bcrypt ignores what follows byte 72: a longer password never matches
	zuLang := len(passwort) > konto.PasswortMaxBytes
	if d.vergleiche(hash, []byte(passwort)) != nil || !mitPasswort || zuLang {
		if _, err := d.Drossel.Fehlversuch(ctx, keys...); err != nil {
			return konten.Konto{}, err
		}
		return konten.Konto{}, ErrFalscheAnmeldung
	}
	if err := d.anmeldbar(ctx, k); err != nil {
		return konten.Konto{}, err
	}
	if err := d.Drossel.Erfolg(ctx, keys[0]); err != nil {
		return konten.Konto{}, err
	}
	return k, nil
}

func (d *Dienst) vergleiche(hash, passwort []byte) error {
	if d.Vergleiche != nil {
		return d.Vergleiche(hash, passwort)
	}
	return bcrypt.CompareHashAndPassword(hash, passwort)
}

// mailErlaubt counts a mail to an address against MailsJeAdresse; false: do not send it.
func (d *Dienst) mailErlaubt(ctx context.Context, an string) (bool, error) {
	ok, _, err := d.Drossel.Kontingent(ctx, drossel.MailAn(an), MailsJeAdresse, MailFenster)
	return ok, err
}

// clientMailErlaubt counts a mail request of a client against MailsJeClient.
func (d *Dienst) clientMailErlaubt(ctx context.Context, client string) error {
	ok, noch, err := d.Drossel.Kontingent(ctx, drossel.MailClient(client), MailsJeClient, MailFenster)
	if err == nil && !ok {
		err = &ZuVieleAnfragen{Noch: noch}
	}
	return err
}

// Warte returns once the mails started in the background are sent (tests, shutdown).
func (d *Dienst) Warte() { d.hintergrund.Wait() }

// dummyHash has the cost of real hashes, so comparing against it takes as long.
var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("kein-echtes-passwort-1"), bcrypt.DefaultCost)

// PasswortPasst compares a password with a stored hash. No password was ever set with more
// than 72 bytes, and bcrypt would ignore the rest, so a longer one never matches.
func PasswortPasst(hash, passwort string) bool {
	if hash == "" || len(passwort) > konto.PasswortMaxBytes {
		return false
	}
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(passwort)) == nil
}

func (d *Dienst) anmeldbar(ctx context.Context, k konten.Konto) error {
	a, _, err := eventstore.Befehle(d.Store, konto.Decider).Load(ctx, k.ID)
	if err != nil {
		return err
	}
	if grund := a.Anmeldbar(d.jetzt()); grund != "" {
		return &Abgelehnt{Grund: grund}
	}
	return nil
}

// SSO logs in with a CAS ticket. Any failure is ErrSSO (403); the reason goes to the log.
func (d *Dienst) SSO(ctx context.Context, ticket, service string) (konten.Konto, error) {
	if d.SSOValidateURL == "" {
		d.Log.Warn("SSO-Anmeldung ohne SSO_VALIDATE_URL")
		return konten.Konto{}, ErrSSO
	}
	name, err := sso.Pruefe(ctx, d.HTTPClient, d.SSOValidateURL, service, ticket)
	if err != nil {
		d.Log.Warn("SSO-Ticket abgelehnt", "error", err)
		return konten.Konto{}, ErrSSO
	}
	k, err := konten.NachBenutzername(ctx, d.Store.Pool(), name)
	if err != nil {
		d.Log.Warn("SSO-Benutzer unbekannt", "benutzername", name)
		return konten.Konto{}, ErrSSO
	}
	if err := d.anmeldbar(ctx, k); err != nil {
		d.Log.Warn("SSO-Benutzer darf sich nicht anmelden", "benutzername", name, "grund", err)
		return konten.Konto{}, ErrSSO
	}
	return k, nil
}

// PruefeSitzung tells whether the caller's account may still act with the session counter of
// his token, and returns the caller resolved (organisation and visibility, zugriff.Aufloesen):
// one query for both, on every request.
func (d *Dienst) PruefeSitzung(ctx context.Context, n zugriff.Nutzer, sitzung int) (zugriff.Nutzer, error) {
	n, k, err := zugriff.AufloesenMitKonto(ctx, d.Store.Pool(), n)
	if err != nil {
		return n, err
	}
	if !k.Gefunden {
		return n, konten.ErrUnbekannt
	}
	if k.Status != string(konto.Aktiv) || !d.jetzt().Before(k.GueltigBis) || k.Sitzung != sitzung {
		return n, errors.New("zugang: session ended")
	}
	return n, nil
}

// neuesToken returns a random link token and what the domain keeps of it.
func (d *Dienst) neuesToken(gueltig time.Duration) (string, konto.Token) {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	t := hex.EncodeToString(b)
	return t, konto.Token{Hash: TokenHash(t), Ablauf: d.jetzt().Add(gueltig)}
}

// TokenHash is what is stored of a link token.
func TokenHash(t string) string {
	h := sha256.Sum256([]byte(strings.TrimSpace(t)))
	return hex.EncodeToString(h[:])
}

// Hash hashes a password (bcrypt); one over bcrypt's 72 bytes is a field error, not a 500.
func Hash(passwort string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(passwort), bcrypt.DefaultCost)
	if errors.Is(err, bcrypt.ErrPasswordTooLong) {
		return "", validierung.Feld("passwort", konto.MsgPasswortZuLang)
	}
	return string(h), err
}

// link builds a link of a mail on PUBLIC_URL. Without it (development) the base the HTTP
// layer took from the request counts only when its host is a loopback one: a link must never
// lead a one-time token to a host the client named (issue 11).
func (d *Dienst) link(basis, pfad string, query url.Values) string {
	if d.PublicURL != "" {
		basis = strings.TrimRight(d.PublicURL, "/")
	} else if u, err := url.Parse(basis); err != nil || u.User != nil || u.Path != "" || !LokalerHost(u.Host) {
		basis = "http://localhost"
	}
	return basis + "/eAbwasser/" + pfad + "?" + query.Encode()
}

// LokalerHost tells whether host ("name" or "name:port", as in a Host header) is a loopback
// one: localhost, 127.0.0.0/8 or ::1, with a numeric port if any.
func LokalerHost(host string) bool {
	name, port, err := net.SplitHostPort(host)
	if err != nil {
		name, port = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"), ""
	}
	for _, c := range port {
		if c < '0' || c > '9' {
			return false
		}
	}
	if strings.EqualFold(name, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(name)
	return err == nil && ip.Zone() == "" && ip.IsLoopback()
}

// Registrierung are the fields of the registration form.
type Registrierung struct {
	Organisation     int64    `json:"organisation"`
	FunktionaleRolle []string `json:"funktionaleRolle"`
	Anrede           string   `json:"anrede"`
	Titel            string   `json:"titel"`
	Name             string   `json:"name"`
	Vorname          string   `json:"vorname"`
	Email            string   `json:"email"`
	Telefon          string   `json:"telefon"`
	Mobil            string   `json:"mobil"`
	Dsgvo            bool     `json:"dsgvo"`
}

// Registrieren creates an account awaiting e-mail confirmation and sends the link. basis is
// the scheme and host the visitor used (when PUBLIC_URL is not configured), client the
// visitor's address. It answers the same whether the address has an account already or not:
// the mail tells an existing owner instead, so the answer does not reveal who has an account.
// Above MailsJeAdresse mails to the address within an hour nothing is created or sent (and
// still the same answer); above MailsJeClient requests of the client it is ZuVieleAnfragen.
func (d *Dienst) Registrieren(ctx context.Context, r Registrierung, basis, client string, md eventstore.Metadata) error {
	email := strings.TrimSpace(r.Email)
	token, t := d.neuesToken(BestaetigungGueltig)
	cmd := konto.Registriere{
		Person: konto.Person{Anrede: r.Anrede, Titel: r.Titel, Name: r.Name, Vorname: r.Vorname, Email: email,
			Telefon: r.Telefon, Mobil: r.Mobil, OrganisationID: r.Organisation},
		FunktionaleRollen: r.FunktionaleRolle, Dsgvo: r.Dsgvo, Bestaetigung: t, Jetzt: d.jetzt(),
	}
	// the form's rules first (pure), so a typo does not use up the mail quota
	if _, err := konto.Decide(konto.Anwender{}, cmd); err != nil {
		return err
	}
	if err := auswahl.PruefeListenwerte(ctx, d.Store.Pool(), auswahl.PersonListenwerte(r.Anrede, r.Titel), nil); err != nil {
		return err
	}
	if r.Organisation != 0 {
		if ok, err := d.organisationAktiv(ctx, r.Organisation); err != nil {
			return err
		} else if !ok {
			return validierung.Feld("organisation", "Die gewählte Organisation gibt es nicht.")
		}
	}
	if err := d.clientMailErlaubt(ctx, client); err != nil {
		return err
	}
	if ok, err := d.mailErlaubt(ctx, email); err != nil || !ok {
		if err == nil {
			d.Log.Warn("Registrierung ohne Mail: zu viele Mails an diese Adresse")
		}
		return err
	}
	id, err := eventstore.NextID(ctx, d.Store, "anwender_id_seq")
	if err != nil {
		return err
	}
	md.ActorID, md.ActorName = "anwender-"+strconv.FormatInt(id, 10), strings.TrimSpace(r.Vorname+" "+r.Name)
	_, err = eventstore.Befehle(d.Store, konto.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, cmd, md)
	if name, adresse := konten.Belegt(err); name || adresse {
		return d.Mail.Senden(ctx, mail.Nachricht{An: email, Betreff: "eAbwasser: Registrierung mit Ihrer E-Mail-Adresse",
			Text: fmt.Sprintf("Guten Tag,\n\nmit Ihrer E-Mail-Adresse wurde eine Registrierung bei eAbwasser angefordert. "+
				"Für diese Adresse besteht bereits ein Konto, deshalb wurde kein weiteres angelegt.\n\nWenn Sie Ihr Passwort "+
				"vergessen haben, können Sie auf der Anmeldeseite über „Passwort vergessen“ ein neues vergeben:\n\n%s\n\n"+
				"Wenn Sie sich nicht registrieren wollten, können Sie diese E-Mail ignorieren.\n\n"+
				"Mit freundlichen Grüßen\nIhr eAbwasser-Team\n", d.link(basis, "login", url.Values{}))})
	}
	if err != nil {
		return err
	}
	return d.Mail.Senden(ctx, mail.Nachricht{An: email, Betreff: "eAbwasser: Bitte bestätigen Sie Ihre E-Mail-Adresse",
		Text: fmt.Sprintf("%s\n\nvielen Dank für Ihre Registrierung bei eAbwasser. Bitte bestätigen Sie Ihre "+
			"E-Mail-Adresse über diesen Link (gültig %d Stunden):\n\n%s\n\nDanach prüft die Administration Ihre Registrierung "+
			"und schaltet Ihren Zugang frei.\n\nMit freundlichen Grüßen\nIhr eAbwasser-Team\n",
			gruss(r.Anrede, r.Name), int(BestaetigungGueltig.Hours()),
			d.link(basis, "doubleoptin", url.Values{"t": {token}}))})
}

// gruss is the first line of a mail to a person: the salutation and name the person gave stand
// as quoted data (mail.Zitat), never as text or a link of the authority's mail; the user name
// is not repeated at all (the recipient knows it).
func gruss(anrede, name string) string {
	if a := strings.TrimSpace(strings.TrimSpace(anrede) + " " + strings.TrimSpace(name)); a != "" {
		return "Guten Tag " + mail.Zitat(a) + ","
	}
	return "Guten Tag,"
}

func (d *Dienst) organisationAktiv(ctx context.Context, id int64) (bool, error) {
	var ok bool
	err := d.Store.Pool().QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM organisation WHERE id = $1 AND status = 'AKTIV')`, id).Scan(&ok)
	return ok, err
}

// Bestaetigen confirms an e-mail address with the link token; false for a bad, used or
// expired token.
func (d *Dienst) Bestaetigen(ctx context.Context, token string, md eventstore.Metadata) (bool, error) {
	id, err := konten.NachToken(ctx, d.Store.Pool(), TokenHash(token), konten.TokenBestaetigung)
	if errors.Is(err, konten.ErrUnbekannt) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	md.ActorID = "anwender-" + strconv.FormatInt(id, 10)
	_, err = eventstore.Befehle(d.Store, konto.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, konto.BestaetigeEmail{TokenHash: TokenHash(token), Jetzt: d.jetzt()}, md)
	var f *validierung.Fehler
	if errors.As(err, &f) {
		return false, nil
	}
	return err == nil, err
}

// PasswortVergessen sends a reset link if the user exists; the caller answers the same
// either way. Only the checks that do not depend on the user happen before it returns (the
// required field, the client's mail quota: ZuVieleAnfragen); looking the user up, the token
// and the mail happen in the background, so the answer takes as long for a known user as for
// an unknown one. At most MailsJeAdresse reset mails go to one address within an hour.
func (d *Dienst) PasswortVergessen(ctx context.Context, benutzername, basis, client string, md eventstore.Metadata) error {
	if strings.TrimSpace(benutzername) == "" {
		return validierung.Feld("username", validierung.Pflichtfeld)
	}
	if err := validierung.Laenge("username", strings.TrimSpace(benutzername)); err != nil {
		return err
	}
	if err := d.clientMailErlaubt(ctx, client); err != nil {
		return err
	}
	d.hintergrund.Add(1)
	go func() {
		defer d.hintergrund.Done()
		d.reihe.Lock()
		defer d.reihe.Unlock()
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		if err := d.zuruecksetzenAnfordern(ctx, benutzername, basis, md); err != nil {
			d.Log.Error("Passwort-Zurücksetzen fehlgeschlagen", "error", err)
		}
	}()
	return nil
}

func (d *Dienst) zuruecksetzenAnfordern(ctx context.Context, benutzername, basis string, md eventstore.Metadata) error {
	k, err := konten.NachBenutzername(ctx, d.Store.Pool(), strings.TrimSpace(benutzername))
	if errors.Is(err, konten.ErrUnbekannt) {
		d.Log.Info("Passwort-Zurücksetzen für unbekannten Benutzernamen angefordert")
		return nil
	}
	if err != nil {
		return err
	}
	if ok, err := d.mailErlaubt(ctx, k.Person.Email); err != nil || !ok {
		if err == nil {
			d.Log.Warn("Passwort-Zurücksetzen ohne Mail: zu viele Mails an diese Adresse", "anwender", k.ID)
		}
		return err
	}
	return d.sendeZuruecksetzen(ctx, k, basis, ZuruecksetzenGueltig, md,
		"eAbwasser: Passwort zurücksetzen",
		"für Ihren Zugang zu eAbwasser wurde das Zurücksetzen des Passworts angefordert. Über diesen Link können Sie ein neues Passwort vergeben (gültig %d Stunden):\n\n%s\n\nWenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.")
}

func (d *Dienst) sendeZuruecksetzen(ctx context.Context, k konten.Konto, basis string, gueltig time.Duration, md eventstore.Metadata, betreff, text string) error {
	token, t := d.neuesToken(gueltig)
	if _, err := eventstore.Befehle(d.Store, konto.Decider).Handle(ctx, k.ID, eventstore.VersionUnbekannt, konto.FordereZuruecksetzenAn{Token: t}, md); err != nil {
		return err
	}
	return d.Mail.Senden(ctx, mail.Nachricht{An: k.Person.Email, Betreff: betreff,
		Text: fmt.Sprintf("%s\n\n"+text+"\n\nMit freundlichen Grüßen\nIhr eAbwasser-Team\n",
			gruss(k.Person.Anrede, k.Person.Name), int(gueltig.Hours()), d.link(basis, "password-reset", url.Values{"token": {token}}))})
}

// PasswortZuruecksetzen sets a new password with a reset token.
func (d *Dienst) PasswortZuruecksetzen(ctx context.Context, token, passwort string, md eventstore.Metadata) error {
	if strings.TrimSpace(token) == "" || passwort == "" {
		return validierung.Regel("Bitte füllen Sie beide Passwortfelder aus.")
	}
	id, err := konten.NachToken(ctx, d.Store.Pool(), TokenHash(token), konten.TokenZuruecksetzen)
	if errors.Is(err, konten.ErrUnbekannt) {
		return validierung.Regel(konto.MsgUngueltigerLink)
	}
	if err != nil {
		return err
	}
	if err := konto.PruefePasswort(passwort); err != nil {
		return err
	}
	hash, err := Hash(passwort)
	if err != nil {
		return err
	}
	md.ActorID = "anwender-" + strconv.FormatInt(id, 10)
	_, err = eventstore.Befehle(d.Store, konto.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, konto.SetzePasswortZurueck{TokenHash: TokenHash(token),
		Passwort: passwort, PasswortHash: hash, Jetzt: d.jetzt()}, md)
	return err
}

// SetzeStatus activates or deactivates an account (administrators). An account activated for
// the first time without a password gets a mail with a link to set one.
func (d *Dienst) SetzeStatus(ctx context.Context, id int64, status, basis string, md eventstore.Metadata) error {
	var cmd konto.Befehl
	switch status {
	case string(konto.Aktiv):
		cmd = konto.Aktiviere{Jetzt: d.jetzt()}
	case string(konto.Inaktiv):
		cmd = konto.Deaktiviere{Selbst: md.ActorID == strconv.FormatInt(id, 10)}
	default:
		return validierung.Feld("status", "Der Status muss AKTIV oder INAKTIV sein.")
	}
	k, err := konten.NachID(ctx, d.Store.Pool(), id)
	if errors.Is(err, konten.ErrUnbekannt) {
		return validierung.NichtGefunden
	}
	if err != nil {
		return err
	}
	out, err := eventstore.Befehle(d.Store, konto.Decider).Handle(ctx, id, eventstore.VersionUnbekannt, cmd, md)
	if err != nil || len(out.Events) == 0 || status != string(konto.Aktiv) {
		return err
	}
	k.Person.Email = strings.TrimSpace(k.Person.Email)
	if k.PasswortHash == "" {
		return d.sendeZuruecksetzen(ctx, k, basis, ErstpasswortGueltig, md, "Ihr Zugang zu eAbwasser wurde freigeschaltet",
			"Ihr Zugang zu eAbwasser wurde freigeschaltet. Ihr Benutzername ist Ihre E-Mail-Adresse. Bitte vergeben Sie über diesen Link Ihr Passwort (gültig %d Stunden):\n\n%s")
	}
	return d.Mail.Senden(ctx, mail.Nachricht{An: k.Person.Email, Betreff: "Ihr Zugang zu eAbwasser wurde freigeschaltet",
		Text: fmt.Sprintf("%s\n\nIhr Zugang zu eAbwasser wurde freigeschaltet. Sie können sich mit Ihrem Benutzernamen und Passwort anmelden:\n\n%s\n\nMit freundlichen Grüßen\nIhr eAbwasser-Team\n",
			gruss(k.Person.Anrede, k.Person.Name), d.link(basis, "login", url.Values{}))})
}
