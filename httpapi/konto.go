package httpapi

import (
	"errors"
	"io"
	"mime"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
	"github.com/eabwasser/eabwasser/domain/konto"
	"github.com/eabwasser/eabwasser/internal/anwendung/zugang"
	"github.com/eabwasser/eabwasser/internal/dokumente/konten"
)

// SitzungsDauer is how long a login token is valid.
const SitzungsDauer = 8 * time.Hour

// kontoRouten are login, registration, password reset, the own profile and an account's status.
func (a *api) kontoRouten() []route {
	return []route{
		{http.MethodPost, "/authenticate", nil, a.authenticate},
		{http.MethodPost, "/sso", nil, a.ssoAnmeldung},
		{http.MethodPost, "/registrierung", nil, a.registrierung},
		{http.MethodPost, "/doubleoptin/confirm", nil, a.doubleOptIn},
		{http.MethodPost, "/sendPasswordResetMail", nil, a.passwortVergessen},
		{http.MethodPut, "/resetPassword", nil, a.passwortZuruecksetzen},
		{http.MethodGet, "/me", a.an(), a.ich},
		{http.MethodGet, "/profil", a.an(), a.profil},
		{http.MethodPut, "/profil", a.an(), a.profilSpeichern},
		{http.MethodPost, "/logout", a.an(), a.abmelden},
		{http.MethodPut, "/anwender/{id}/status", a.nurDarf(berechtigung.SystemverwaltungBearbeiten), a.anwenderStatus},
	}
}

// darf guards a route by the permission table.
func (a *api) darf(aktionen ...berechtigung.Aktion) func(http.Handler) http.Handler {
	var rollen []string
	for _, aktion := range aktionen {
		rollen = append(rollen, berechtigung.Rollen(aktion)...)
	}
	return a.erlaubt(rollen...)
}

// basisURL is the base of links in mails and of the SSO service URL when PUBLIC_URL is unset
// (a development setup; with mail or SSO configured PUBLIC_URL is required). The Host header
// is the client's word: a link built on it would carry a one-time token to whoever the client
// names (issue 11). So only a loopback host is taken from the request; any other answers
// http://localhost with the port the request came in on.
func basisURL(r *http.Request) string {
	if zugang.LokalerHost(r.Host) {
		scheme := "http"
		if r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") {
			scheme = "https"
		}
		return scheme + "://" + r.Host
	}
	if la, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
		if _, port, err := net.SplitHostPort(la.String()); err == nil {
			return "http://localhost:" + port
		}
	}
	return "http://localhost"
}

func (a *api) tokenFuer(w http.ResponseWriter, r *http.Request, k konten.Konto) {
	b := Benutzer{ID: strconv.FormatInt(k.ID, 10), Name: strings.TrimSpace(k.Person.Vorname + " " + k.Person.Name),
		FunktionaleRollen: k.FunktionaleRollen, Behoerde: k.Behoerde, Sitzung: k.Sitzung}
	if k.Person.OrganisationID != 0 {
		b.Organisation = strconv.FormatInt(k.Person.OrganisationID, 10)
	}
	token, err := SignToken(a.deps.JWTSecret, b, SitzungsDauer)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"token": token})
}

func (a *api) authenticate(w http.ResponseWriter, r *http.Request) {
	var in struct{ Username, Password string }
	if err := decodeJSON(r, &in); err != nil {
		a.writeError(w, r, err)
		return
	}
	k, err := a.deps.Zugang.Anmelden(r.Context(), in.Username, in.Password, ClientAdresse(r))
	var gesperrt *zugang.Gesperrt
	var abgelehnt *zugang.Abgelehnt
	switch {
	case errors.As(err, &gesperrt):
		a.zuVieleAnfragen(w, r, gesperrt.Noch, gesperrt.Error())
	case errors.Is(err, zugang.ErrFalscheAnmeldung), errors.As(err, &abgelehnt):
		a.writeError(w, r, &Antwortfehler{Status: http.StatusUnauthorized, Message: err.Error()})
	case err != nil:
		a.writeError(w, r, err)
	default:
		a.tokenFuer(w, r, k)
	}
}

func (a *api) ssoAnmeldung(w http.ResponseWriter, r *http.Request) {
	var in struct{ Ticket string }
	if err := decodeJSON(r, &in); err != nil {
		a.writeError(w, r, err)
		return
	}
	service := basisURL(r) + "/eAbwasser/login"
	if a.deps.Zugang.PublicURL != "" {
		service = strings.TrimRight(a.deps.Zugang.PublicURL, "/") + "/eAbwasser/login"
	}
	k, err := a.deps.Zugang.SSO(r.Context(), in.Ticket, service)
	if errors.Is(err, zugang.ErrSSO) {
		a.writeError(w, r, &Antwortfehler{Status: http.StatusForbidden, Message: err.Error()})
		return
	}
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	a.tokenFuer(w, r, k)
}

func (a *api) registrierung(w http.ResponseWriter, r *http.Request) {
	var in zugang.Registrierung
	if err := decodeJSON(r, &in); err != nil {
		a.writeError(w, r, err)
		return
	}
	if err := a.deps.Zugang.Registrieren(r.Context(), in, basisURL(r), ClientAdresse(r), Metadaten(r)); err != nil {
		a.mailFehler(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"email": strings.TrimSpace(in.Email)})
}

// zuVieleAnfragen answers 429 with Retry-After (whole seconds, rounded up).
func (a *api) zuVieleAnfragen(w http.ResponseWriter, r *http.Request, noch time.Duration, message string) {
	w.Header().Set("Retry-After", strconv.Itoa(int((noch+time.Second-1)/time.Second)))
	a.writeError(w, r, &Antwortfehler{Status: http.StatusTooManyRequests, Message: message})
}

// mailFehler answers the errors of registration and password reset: 429 for a client over its
// mail quota, else as usual.
func (a *api) mailFehler(w http.ResponseWriter, r *http.Request, err error) {
	var zuViele *zugang.ZuVieleAnfragen
	if errors.As(err, &zuViele) {
		a.zuVieleAnfragen(w, r, zuViele.Noch, zuViele.Error())
		return
	}
	a.writeError(w, r, err)
}

func (a *api) doubleOptIn(w http.ResponseWriter, r *http.Request) {
	// the token as text (the client's way) or as a JSON string; any other body is refused
	var token string
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "text/plain" || mt == "" {
		body, err := io.ReadAll(io.LimitReader(r.Body, 4096))
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		token = strings.Trim(strings.TrimSpace(string(body)), `"`)
	} else if err := decodeJSON(r, &token); err != nil {
		a.writeError(w, r, err)
		return
	}
	ok, err := a.deps.Zugang.Bestaetigen(r.Context(), token, Metadaten(r))
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ok)
}

func (a *api) passwortVergessen(w http.ResponseWriter, r *http.Request) {
	var in struct{ Username string }
	if err := decodeJSON(r, &in); err != nil {
		a.writeError(w, r, err)
		return
	}
	if err := a.deps.Zugang.PasswortVergessen(r.Context(), in.Username, basisURL(r), ClientAdresse(r), Metadaten(r)); err != nil {
		a.mailFehler(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": "Email zum Zurücksetzen des Passworts gesendet."})
}

func (a *api) passwortZuruecksetzen(w http.ResponseWriter, r *http.Request) {
	var in struct{ Password, Token string }
	if err := decodeJSON(r, &in); err != nil {
		a.writeError(w, r, err)
		return
	}
	if err := a.deps.Zugang.PasswortZuruecksetzen(r.Context(), in.Token, in.Password, Metadaten(r)); err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": "Passwort erfolgreich geändert."})
}

func (a *api) organisationenRegistrierung(w http.ResponseWriter, r *http.Request) {
	orgs, err := konten.AktiveOrganisationen(r.Context(), a.deps.Pool)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	if orgs == nil {
		orgs = []konten.OrganisationAuswahl{}
	}
	writeJSON(w, http.StatusOK, orgs)
}

// eigeneID is the account id of the caller.
func eigeneID(r *http.Request) (int64, error) {
	b, _ := BenutzerAus(r.Context())
	id, err := strconv.ParseInt(b.ID, 10, 64)
	if err != nil {
		return 0, ErrNichtAngemeldet
	}
	return id, nil
}

func (a *api) ich(w http.ResponseWriter, r *http.Request) {
	id, err := eigeneID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	k, err := konten.NachID(r.Context(), a.deps.Pool, id)
	if errors.Is(err, konten.ErrUnbekannt) {
		a.writeError(w, r, ErrNichtAngemeldet)
		return
	}
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	p, err := a.deps.Zugang.ProfilVon(r.Context(), id)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	aktionen := berechtigung.Aktionen(k.FunktionaleRollen)
	if aktionen == nil {
		aktionen = []berechtigung.Aktion{}
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id": k.ID, "benutzername": k.Benutzername, "vorname": k.Person.Vorname, "name": k.Person.Name,
		"email": k.Person.Email, "funktionaleRollen": k.FunktionaleRollen,
		"globaleRolle": konto.Anwender{FunktionaleRollen: k.FunktionaleRollen}.GlobaleRolle(),
		"behoerde":     k.Behoerde, "gueltigBis": k.GueltigBis.Format("2006-01-02"), "person": p.Person, "aktionen": aktionen,
	})
}

func (a *api) profil(w http.ResponseWriter, r *http.Request) {
	id, err := eigeneID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	p, err := a.deps.Zugang.ProfilVon(r.Context(), id)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

func (a *api) profilSpeichern(w http.ResponseWriter, r *http.Request) {
	id, err := eigeneID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	var in zugang.Profil
	if err := decodeJSON(r, &in); err != nil {
		a.writeError(w, r, err)
		return
	}
	abgemeldet, err := a.deps.Zugang.ProfilSpeichern(r.Context(), id, in, basisURL(r), Metadaten(r))
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": "Das Profil wurde erfolgreich aktualisiert.", "abgemeldet": abgemeldet})
}

// abmelden ends the session on the server: every token of the account answers 401 afterwards.
func (a *api) abmelden(w http.ResponseWriter, r *http.Request) {
	id, err := eigeneID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	if err := a.deps.Zugang.Abmelden(r.Context(), id, Metadaten(r)); err != nil {
		a.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": "Sie wurden abgemeldet."})
}

func (a *api) anwenderStatus(w http.ResponseWriter, r *http.Request) {
	id, err := pfadID(r)
	if err != nil {
		a.writeError(w, r, err)
		return
	}
	var in struct{ Status string }
	if err := decodeJSON(r, &in); err != nil {
		a.writeError(w, r, err)
		return
	}
	if err := a.deps.Zugang.SetzeStatus(r.Context(), id, in.Status, basisURL(r), Metadaten(r)); err != nil {
		a.writeError(w, r, err)
		return
	}
	msg := "Der Zugang wurde freigeschaltet."
	if in.Status == string(konto.Inaktiv) {
		msg = "Der Zugang wurde deaktiviert."
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": msg})
}
