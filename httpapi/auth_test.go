package httpapi

import (
	"encoding/base64"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/golang-jwt/jwt/v5"

	"github.com/eabwasser/eabwasser/domain/berechtigung"
)

func signiere(t testing.TB, method jwt.SigningMethod, key any, claims jwt.Claims) string {
	t.Helper()
	s, err := jwt.NewWithClaims(method, claims).SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func gueltigeClaims() tokenClaims {
	return tokenClaims{
		FunktionaleRollen: []string{string(berechtigung.Systemadmin)},
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   "admin",
			ExpiresAt: jwt.NewNumericDate(time.Now().Add(time.Hour)),
		},
	}
}

// manipuliert swaps the payload of a valid FACHADMIN-less token for one claiming SYSTEMADMIN,
// keeping the old signature.
func manipuliert(t testing.TB) string {
	t.Helper()
	tok := token(t, Benutzer{ID: "u-9", FunktionaleRollen: []string{string(berechtigung.LeserOrganisation)}})
	teile := strings.Split(tok, ".")
	c := gueltigeClaims()
	c.Subject = "u-9"
	andere := strings.Split(signiere(t, jwt.SigningMethodHS256, []byte("egal"), c), ".")
	return teile[0] + "." + andere[1] + "." + teile[2]
}

func TestAuth_ProtectedRouteRefusesMissingOrInvalidTokens(t *testing.T) {
	ohneExp := gueltigeClaims()
	ohneExp.ExpiresAt = nil
	ohneSub := gueltigeClaims()
	ohneSub.Subject = ""
	tests := []struct {
		name   string
		header string
	}{
		{"missing", ""},
		{"expired", "Bearer " + func() string {
			tok, err := SignToken(testSecret, Benutzer{ID: "admin", FunktionaleRollen: []string{string(berechtigung.Systemadmin)}}, -time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			return tok
		}()},
		{"tampered signature", "Bearer " + manipuliert(t)},
		{"wrong key", "Bearer " + signiere(t, jwt.SigningMethodHS256, []byte("ein-anderes-geheimnis"), gueltigeClaims())},
		{"alg none", "Bearer " + signiere(t, jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, gueltigeClaims())},
		{"other HMAC alg with the right key", "Bearer " + signiere(t, jwt.SigningMethodHS512, testSecret, gueltigeClaims())},
		{"without exp", "Bearer " + signiere(t, jwt.SigningMethodHS256, testSecret, ohneExp)},
		{"without sub", "Bearer " + signiere(t, jwt.SigningMethodHS256, testSecret, ohneSub)},
		{"garbage", "Bearer das.ist.keins"},
		{"empty bearer", "Bearer "},
		{"other scheme", "Basic " + base64.StdEncoding.EncodeToString([]byte("admin:geheim"))},
	}
	s := newTestServer(t, Deps{}, nil)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := s.do(t, http.MethodGet, "/api/audit", nil, "Authorization", tt.header)
			wantFehler(t, a, http.StatusUnauthorized, "Sie sind nicht angemeldet oder Ihre Sitzung ist abgelaufen.")
			if a.Header().Get("WWW-Authenticate") == "" {
				t.Error("no WWW-Authenticate")
			}
		})
	}
}

func TestAuth_ValidTokenPutsTheUserIntoTheContext(t *testing.T) {
	s := newTestServer(t, Deps{}, func(a *api, r chi.Router) {
		r.With(a.angemeldet).Get("/test/ich", func(w http.ResponseWriter, r *http.Request) {
			b, _ := BenutzerAus(r.Context())
			writeJSON(w, http.StatusOK, b)
		})
	})
	want := Benutzer{ID: "u-7", Name: "Max Betreiber", FunktionaleRollen: []string{string(berechtigung.Betreiber), string(berechtigung.Beauftragter)},
		Behoerde: "", Organisation: "Stadtwerke Musterstadt"}
	a := s.do(t, http.MethodGet, "/api/test/ich", nil, "Authorization", "Bearer "+token(t, want))
	if a.Code != 200 {
		t.Fatalf("status %d %s", a.Code, a.Body.String())
	}
	m := a.json(t)
	if m["id"] != "u-7" || m["name"] != "Max Betreiber" || m["organisation"] != "Stadtwerke Musterstadt" ||
		len(m["funktionaleRollen"].([]any)) != 2 {
		t.Fatalf("user = %v", m)
	}
	// lower-case scheme is the same scheme
	if a := s.do(t, http.MethodGet, "/api/test/ich", nil, "Authorization", "bearer "+token(t, want)); a.Code != 200 {
		t.Fatalf("lower-case bearer: %d", a.Code)
	}
	if a := s.do(t, http.MethodGet, "/api/test/ich", nil); a.Code != 401 {
		t.Fatalf("without token: %d", a.Code)
	}
}

func TestAuth_RoleGuardRefusesOtherRolesWith403(t *testing.T) {
	s := newTestServer(t, Deps{}, nil)
	for _, rolle := range []string{string(berechtigung.LeserOrganisation), string(berechtigung.Betreiber), string(berechtigung.ZustSBD), string(berechtigung.LeserBehoerde)} {
		t.Run(rolle, func(t *testing.T) {
			wantFehler(t, s.do(t, http.MethodGet, "/api/audit/", nil, "Authorization", bearer(t, rolle)),
				http.StatusForbidden, "Sie sind nicht berechtigt, diese Aktion auszuführen.")
		})
	}
}

func TestAuth_PublicRouteWorksWithAStaleToken(t *testing.T) {
	s := newTestServer(t, Deps{}, nil)
	abgelaufen, err := SignToken(testSecret, Benutzer{ID: "u-1"}, -time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if a := s.do(t, http.MethodGet, "/api/openapi.yaml", nil, "Authorization", "Bearer "+abgelaufen); a.Code != 200 {
		t.Fatalf("status %d", a.Code)
	}
}

func TestAuth_SignTokenCarriesTheClaimsOfTheDesign(t *testing.T) {
	tok, err := SignToken(testSecret, Benutzer{ID: "u-3", Name: "N", FunktionaleRollen: []string{string(berechtigung.ZustSBB)},
		Behoerde: "Landratsamt", Organisation: "O"}, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	var m jwt.MapClaims
	if _, err := jwt.NewParser().ParseWithClaims(tok, &m, func(*jwt.Token) (any, error) { return testSecret, nil }); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"sub", "name", "funktionaleRollen", "behoerde", "organisation", "exp", "iat"} {
		if _, ok := m[k]; !ok {
			t.Errorf("claim %s missing: %v", k, m)
		}
	}
	if _, err := SignToken(nil, Benutzer{ID: "x"}, time.Minute); err == nil {
		t.Error("an empty secret signs")
	}
}
