package mail

import (
	"context"
	"fmt"
	netmail "net/mail"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// smtpZeitlimit bounds connecting and every SMTP exchange, so a hanging mail server cannot hold
// a request (or a worker) forever.
const smtpZeitlimit = 30 * time.Second

// SMTPVersand sends each Nachricht over its own SMTP connection. Mail is rare in eAbwasser
// (registration, approvals, password resets), so a connection pool would buy nothing; one
// connection per mail also keeps concurrent Senden calls independent.
type SMTPVersand struct {
	client *gomail.Client
	von    *netmail.Address
	ziel   string // the URL without password, for error messages
}

func neuerSMTPVersand(smtpURL string, von *netmail.Address) (*SMTPVersand, error) {
	u, err := url.Parse(smtpURL)
	if err != nil {
		// url.Parse quotes the whole input, password included, so it is not passed on.
		return nil, fmt.Errorf("SMTP-URL ist keine gültige URL")
	}
	ziel := u.Redacted()
	if u.Hostname() == "" {
		return nil, fmt.Errorf("SMTP-URL %s: Host fehlt", ziel)
	}

	opts := []gomail.Option{gomail.WithTimeout(smtpZeitlimit)}
	port := 0
	if p := u.Port(); p != "" {
		port, err = strconv.Atoi(p)
		if err != nil {
			return nil, fmt.Errorf("SMTP-URL %s: ungültiger Port %q", ziel, p)
		}
	}
	tlsModus := u.Query().Get("tls")
	switch u.Scheme {
	case "smtp":
		if port == 0 {
			port = gomail.DefaultPort
		}
		switch tlsModus {
		case "":
			opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
		case "starttls":
			opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
		case "none":
			opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
		default:
			return nil, fmt.Errorf("SMTP-URL %s: unbekannter TLS-Modus %q (erlaubt: starttls, none)", ziel, tlsModus)
		}
	case "smtps":
		if port == 0 {
			port = gomail.DefaultPortSSL
		}
		if tlsModus != "" {
			return nil, fmt.Errorf("SMTP-URL %s: smtps verschlüsselt immer, tls=%s passt nicht dazu", ziel, tlsModus)
		}
		// With implicit TLS the STARTTLS policy is moot; NoTLS keeps go-mail from trying it again.
		opts = append(opts, gomail.WithSSL(), gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		return nil, fmt.Errorf("SMTP-URL %s: Schema %q wird nicht unterstützt (erlaubt: smtp, smtps)", ziel, u.Scheme)
	}
	opts = append(opts, gomail.WithPort(port))

	if u.User != nil && u.User.Username() != "" {
		passwort, _ := u.User.Password()
		opts = append(opts,
			gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(u.User.Username()),
			gomail.WithPassword(passwort),
		)
	}

	client, err := gomail.NewClient(u.Hostname(), opts...)
	if err != nil {
		return nil, fmt.Errorf("SMTP-URL %s: %w", ziel, err)
	}
	return &SMTPVersand{client: client, von: von, ziel: ziel}, nil
}

// Senden delivers n; ctx bounds connecting, smtpZeitlimit each step after that.
func (s *SMTPVersand) Senden(ctx context.Context, n Nachricht) error {
	m, err := nachrichtBauen(s.von, n, time.Now())
	if err != nil {
		return err
	}
	if err := s.client.DialAndSendWithContext(ctx, m); err != nil {
		return fmt.Errorf("Mail an %s über %s: %w", n.An, s.ziel, err)
	}
	return nil
}
