package wasserbuch

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
)

func adressen(t *testing.T) (seite, basis *url.URL) {
	t.Helper()
	basis, _ = url.Parse("https://digiwab.rlp.example/wasserbuch")
	return basis.JoinPath("wasserrechte", "S0412346"), basis
}

// every payload a register page could carry, each with what must not survive; the status
// cell around it must.
func TestBereinige_RemovesEveryActivePartAndKeepsTheStatusClasses(t *testing.T) {
	faelle := []struct{ name, payload string }{
		{"script", `<script>alert(1)</script>`},
		{"script src", `<script src="https://boese.example/x.js"></script>`},
		{"img onerror", `<img src="x" onerror="alert(1)">`},
		{"onclick", `<p onclick="alert(1)">Klick</p>`},
		{"body onload", `<div onmouseover="alert(1)" ONLOAD="alert(1)">x</div>`},
		{"javascript href", `<a href="javascript:alert(1)">Link</a>`},
		{"javascript href obfuscated", `<a href="  jAvAsCrIpT&#58;alert(1)">Link</a>`},
		{"javascript tab", "<a href=\"java\tscript:alert(1)\">Link</a>"},
		{"vbscript", `<a href="vbscript:msgbox(1)">Link</a>`},
		{"style element", `<style>body{background:url("javascript:alert(1)")}</style>`},
		{"style attribute", `<p style="color:red;background:url(javascript:alert(1))">x</p>`},
		{"css expression", `<div style="width: expression(alert(1))">x</div>`},
		{"css import", `<style>@import url(https://boese.example/x.css);</style>`},
		{"iframe", `<iframe src="https://boese.example/"></iframe>`},
		{"iframe srcdoc", `<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>`},
		{"svg onload", `<svg onload="alert(1)"><circle r="5"/></svg>`},
		{"svg script", `<svg><script>alert(1)</script></svg>`},
		{"math", `<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>`},
		{"data url link", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">Link</a>`},
		{"data url image", `<img src="data:image/svg+xml,<svg onload=alert(1)>">`},
		{"object", `<object data="https://boese.example/x.swf"></object><embed src="x.swf">`},
		{"form", `<form action="https://boese.example/"><input name="passwort"><button formaction="javascript:alert(1)">Senden</button></form>`},
		{"meta refresh", `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`},
		{"base", `<base href="https://boese.example/">`},
		{"link stylesheet", `<link rel="stylesheet" href="https://boese.example/x.css">`},
		{"other class and id", `<p class="alarm" id="root">x</p>`},
		{"template", `<template><script>alert(1)</script></template>`},
		{"noscript mxss", `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`},
	}
	verboten := regexp.MustCompile(`(?i)<script|<style|<iframe|<svg|<math|<img|<object|<embed|<form|<input|<button|<meta|<base|<link|<template|` +
		`\son[a-z]+\s*=|javascript|vbscript|data:|expression|style=|@import|boese\.example|alarm|id=`)
	seite, basis := adressen(t)
	for _, f := range faelle {
		t.Run(f.name, func(t *testing.T) {
			roh := `<!doctype html><html><head><title>Wasserbuch</title></head><body>` + f.payload +
				`<table><tr><td class="status0">offen</td><td class="zelle status1">in Bearbeitung</td>` +
				`<td class="status2">erledigt</td><td class="status3">Frist überschritten</td></tr></table></body></html>`
			got := Bereinige([]byte(roh), seite, basis, PDFVerweis)
			if m := verboten.FindString(got); m != "" {
				t.Errorf("%q survived: %s", m, got)
			}
			for _, k := range []string{`<td class="status0">offen</td>`, `<td class="status1">in Bearbeitung</td>`,
				`<td class="status2">erledigt</td>`, `<td class="status3">Frist überschritten</td>`} {
				if !strings.Contains(got, k) {
					t.Errorf("status cell %s lost: %s", k, got)
				}
			}
		})
	}
}

func TestBereinige_KeepsStructureAndMakesDocumentLinksTheViewersReferences(t *testing.T) {
	seite, basis := adressen(t)
	roh := `<html><head><title>T</title></head><body><h1>Wasserbuch</h1><h2>Stammdaten</h2>
<table><thead><tr><th scope="col" colspan="2">Feld</th></tr></thead><tbody><tr><th scope="row">Gewässer</th><td>Musterbach</td></tr></tbody></table>
<ul><li><a href="../dokumente/WBB-S0412346/erlaubnis-2025.pdf">Erlaubnis</a></li>
<li><a href="https://digiwab.rlp.example/wasserbuch/dokumente/WBB-S0412346/lageplan.pdf">Lageplan</a></li>
<li><a href="/wasserbuch/dokumente/WBB-S0412346/../../admin.pdf">Weg hinaus</a></li>
<li><a href="../dokumente/WBB-S0412346/x%2F..%2Fy.pdf">Kodiert</a></li>
<li><a href="../suche?q=1">Relativ, kein Dokument</a></li>
<li><a href="https://wasserportal.rlp-umwelt.de/">Wasserportal</a></li>
<li><a href="https://andere.example/dokumente/WBB-S0412346/lageplan.pdf">Fremder Host</a></li></ul>
<p>Text <strong>fett</strong><br>weiter</p></body></html>`
	got := Bereinige([]byte(roh), seite, basis, PDFVerweis)
	for _, want := range []string{
		"<h2>Wasserbuch</h2>", "<h3>Stammdaten</h3>", `<th scope="col" colspan="2">Feld</th>`, `<th scope="row">Gewässer</th>`,
		`<a href="/api/digiwab-pdf/?entryId=WBB-S0412346&amp;dokId=erlaubnis-2025">Erlaubnis</a>`,
		`<a href="/api/digiwab-pdf/?entryId=WBB-S0412346&amp;dokId=lageplan">Lageplan</a>`,
		`<a href="https://wasserportal.rlp-umwelt.de/" rel="noreferrer noopener" target="_blank">Wasserportal</a>`,
		`<a href="https://digiwab.rlp.example/wasserbuch/suche?q=1" rel="noreferrer noopener" target="_blank">Relativ, kein Dokument</a>`,
		`<a href="https://andere.example/dokumente/WBB-S0412346/lageplan.pdf" rel="noreferrer noopener" target="_blank">Fremder Host</a>`,
		"<strong>fett</strong>",
		// a path out of the documents is no document: a link to the register's page it names
		`<a href="https://digiwab.rlp.example/wasserbuch/admin.pdf" rel="noreferrer noopener" target="_blank">Weg hinaus</a>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s in\n%s", want, got)
		}
	}
	if !regexp.MustCompile(`<li>\s*Kodiert\s*</li>`).MatchString(got) {
		t.Errorf("a document path that decodes to several segments is still a link: %s", got)
	}
	if strings.Contains(got, "<h1") || strings.Contains(got, "<title") || strings.Contains(got, ">T<") {
		t.Errorf("h1 or head left: %s", got)
	}
}
