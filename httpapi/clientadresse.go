package httpapi

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Proxys are the trusted reverse proxies (TRUSTED_PROXIES): only a request whose direct peer
// is one of them may name the client in X-Forwarded-For.
type Proxys []netip.Prefix

// ParseProxys reads TRUSTED_PROXIES: comma-separated addresses or CIDR ranges; empty: none.
func ParseProxys(s string) (Proxys, error) {
	var out Proxys
	for _, teil := range strings.Split(s, ",") {
		teil = strings.TrimSpace(teil)
		if teil == "" {
			continue
		}
		if p, err := netip.ParsePrefix(teil); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(teil)
		if err != nil {
			return nil, fmt.Errorf("TRUSTED_PROXIES: %q ist weder eine IP-Adresse noch ein CIDR-Bereich", teil)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

func (p Proxys) vertraut(a netip.Addr) bool {
	a = a.Unmap()
	for _, n := range p {
		if n.Contains(a) {
			return true
		}
	}
	return false
}

// Client is the address of the client of r: the direct peer (RemoteAddr), unless that is a
// trusted proxy; then X-Forwarded-For is read from the right, skipping trusted proxies, and
// the first address not trusted is the client. Entries left of it were written by the client
// itself and are never believed. An entry that is no address ends the walk at the last
// trusted hop: it cannot be told who sent it.
func (p Proxys) Client(r *http.Request) string {
	peer := peerAdresse(r.RemoteAddr)
	a, err := netip.ParseAddr(peer)
	if err != nil || len(p) == 0 || !p.vertraut(a) {
		return peer
	}
	var hops []string
	for _, h := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(h, ",")...)
	}
	client := a
	for i := len(hops) - 1; i >= 0; i-- {
		h, err := netip.ParseAddr(peerAdresse(strings.TrimSpace(hops[i])))
		if err != nil {
			break
		}
		client = h.Unmap()
		if !p.vertraut(client) {
			break
		}
	}
	return client.String()
}

// peerAdresse strips the port of "host:port" ("[v6]:port") and the brackets of "[v6]".
func peerAdresse(s string) string {
	if host, _, err := net.SplitHostPort(s); err == nil {
		s = host
	}
	s = strings.Trim(s, "[]")
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap().String()
	}
	return s
}

type clientKey struct{}

// clientAdresse resolves the client address once per request (Proxys.Client) for the access
// log and every throttle.
func (a *api) clientAdresse(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := a.deps.TrustedProxies.Client(r)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientKey{}, c)))
	})
}

// ClientAdresse is the client address of the request (see Proxys.Client).
func ClientAdresse(r *http.Request) string {
	if c, ok := r.Context().Value(clientKey{}).(string); ok {
		return c
	}
	return peerAdresse(r.RemoteAddr)
}
