package wasserbuch

import (
	"bytes"
	"net/url"
	"regexp"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The register's pages are not ours: whatever they hold, only their structure reaches the
// browser (spec 002 §2 "Water-register viewer", docs/security.md "The water book"). Two steps,
// both on the server:
//
//  1. Umschreiben parses the page, keeps the body, moves headings one level down (the viewer's
//     own h1 stays the page's only h1), resolves every link against the page's address, turns
//     links to the register's documents (<basis>/dokumente/<entryId>/<dokId>.pdf) into the
//     viewer's PDF action, drops every other link that is not absolute http(s), and keeps of
//     a class attribute only the status classes.
//  2. bluemonday's policy (bereinigung) then allows nothing but structure: headings,
//     paragraphs, lists, tables, links to http(s) or to the viewer's PDF action, the classes
//     status0..status3. Scripts, styles (elements and attributes), event handlers, forms,
//     frames, images, SVG and any other URL scheme are gone. It runs last, on what step 1
//     produced, so a mistake in step 1 cannot let anything else through.
//
// The browser sanitises again with DOMPurify before it renders (frontend/src/features/wasserbuch).

// statusKlasse is the one class value a register page keeps: its status colours.
var statusKlasse = regexp.MustCompile(`^status[0-3]$`)

// Verweis makes the viewer's reference to document dokID of entry entryID (the path of
// GET /api/digiwab-pdf/?entryId&dokId).
type Verweis func(entryID, dokID string) string

// pdfVerweis is the form of the links the policy keeps besides absolute http(s) links.
var pdfVerweis = regexp.MustCompile(`^/api/digiwab-pdf/\?entryId=[A-Za-z0-9._-]{1,50}&(amp;)?dokId=[A-Za-z0-9._-]{1,50}$`)

// PDFVerweis is the reference of the HTTP API: /api/digiwab-pdf/?entryId=…&dokId=….
func PDFVerweis(entryID, dokID string) string {
	return "/api/digiwab-pdf/?entryId=" + url.QueryEscape(entryID) + "&dokId=" + url.QueryEscape(dokID)
}

var bereinigung = func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "div", "span", "section", "article", "header", "footer",
		"strong", "b", "em", "i", "u", "small", "sub", "sup", "abbr", "time", "blockquote", "pre", "code",
		"ul", "ol", "li", "dl", "dt", "dd",
		"table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td")
	p.AllowAttrs("colspan", "rowspan").Matching(regexp.MustCompile(`^[1-9][0-9]?$`)).OnElements("td", "th")
	p.AllowAttrs("scope").Matching(regexp.MustCompile(`^(row|col|rowgroup|colgroup)$`)).OnElements("th")
	p.AllowAttrs("title").Matching(bluemonday.Paragraph).OnElements("abbr")
	p.AllowAttrs("datetime").Matching(regexp.MustCompile(`^[0-9T:.+-]{4,30}$`)).OnElements("time")
	p.AllowAttrs("class").Matching(statusKlasse).Globally()
	// links: absolute http(s), or the viewer's PDF action (the only relative link step 1 leaves)
	p.AllowAttrs("href").Matching(regexp.MustCompile(`^https?://|^/api/digiwab-pdf/\?`)).OnElements("a")
	p.AllowURLSchemes("http", "https")
	p.AllowRelativeURLs(true)
	p.RequireNoReferrerOnFullyQualifiedLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	// what these hold is no text of the page
	p.SkipElementsContent("script", "style", "noscript", "template", "iframe", "object", "embed", "svg", "math", "head", "title",
		"textarea", "select", "button")
	p.AddSpaceWhenStrippingTag(true)
	return p
}()

// Bereinige makes a register page safe for the browser: the page at address seite (its links
// are relative to it), the register at basis, document links made references by verweis.
func Bereinige(roh []byte, seite, basis *url.URL, verweis Verweis) string {
	umgeschrieben := Umschreiben(roh, seite, basis, verweis)
	return strings.TrimSpace(bereinigung.Sanitize(umgeschrieben))
}

// Umschreiben is step 1 (see the top of this file): the page's body with links resolved or
// dropped, document links made references, headings one level down and only status classes.
func Umschreiben(roh []byte, seite, basis *url.URL, verweis Verweis) string {
	doc, err := html.Parse(bytes.NewReader(roh))
	if err != nil {
		return ""
	}
	body := finde(doc, atom.Body)
	if body == nil {
		return ""
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			umschreibeElement(n, seite, basis, verweis)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(body)
	var b bytes.Buffer
	for c := body.FirstChild; c != nil; c = c.NextSibling {
		if err := html.Render(&b, c); err != nil {
			return ""
		}
	}
	return b.String()
}

func finde(n *html.Node, a atom.Atom) *html.Node {
	if n.Type == html.ElementNode && n.DataAtom == a {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := finde(c, a); f != nil {
			return f
		}
	}
	return nil
}

var tieferUeberschrift = map[atom.Atom]atom.Atom{atom.H1: atom.H2, atom.H2: atom.H3, atom.H3: atom.H4, atom.H4: atom.H5, atom.H5: atom.H6}

func umschreibeElement(n *html.Node, seite, basis *url.URL, verweis Verweis) {
	if t, ok := tieferUeberschrift[n.DataAtom]; ok && n.Namespace == "" {
		n.DataAtom, n.Data = t, t.String()
	}
	attrs := n.Attr[:0]
	for _, a := range n.Attr {
		switch {
		case a.Namespace != "":
			continue
		case a.Key == "class":
			var bleibt []string
			for _, k := range strings.Fields(a.Val) {
				if statusKlasse.MatchString(k) {
					bleibt = append(bleibt, k)
				}
			}
			if len(bleibt) == 0 {
				continue
			}
			a.Val = bleibt[0] // one status per cell; the policy allows one class value
		case a.Key == "href" && n.DataAtom == atom.A && n.Namespace == "":
			ziel, ok := linkZiel(a.Val, seite, basis, verweis)
			if !ok {
				continue
			}
			a.Val = ziel
		case a.Key == "href" || a.Key == "src" || a.Key == "srcset" || a.Key == "action" || a.Key == "formaction":
			continue
		}
		attrs = append(attrs, a)
	}
	n.Attr = attrs
}

// linkZiel resolves a link of the page: a document of the register becomes the viewer's
// reference, any other absolute http(s) address stays; everything else is dropped.
func linkZiel(href string, seite, basis *url.URL, verweis Verweis) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(href))
	if err != nil {
		return "", false
	}
	if seite != nil {
		u = seite.ResolveReference(u)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || u.User != nil {
		return "", false
	}
	if basis != nil && u.Scheme == basis.Scheme && u.Host == basis.Host {
		if rest, ok := strings.CutPrefix(u.Path, basis.Path+"/dokumente/"); ok {
			entryID, datei, ok := strings.Cut(rest, "/")
			dokID, pdf := strings.CutSuffix(datei, ".pdf")
			if !ok || !pdf || !GueltigeNummer(entryID) || !GueltigeNummer(dokID) {
				return "", false
			}
			v := verweis(entryID, dokID)
			return v, pdfVerweis.MatchString(v)
		}
	}
	return u.String(), true
}
