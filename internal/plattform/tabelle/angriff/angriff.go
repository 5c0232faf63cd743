// Package angriff writes the hostile xlsx files the import tests send (issue 42): archives that
// unpack to far more than they weigh, entries that lie about their size or share one stream,
// and sheets whose rows carry no reference. They are generated, never stored: a few hundred KB
// on the wire, gigabytes once unpacked.
package angriff

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"strings"

	"compress/flate"
)

// Teil is an entry of an archive: its name and its content, or a stream already compressed
// (Deflate) with the sizes and checksum its directory entry declares.
type Teil struct {
	Name     string
	Inhalt   []byte
	Roh      []byte // compressed; then Entpackt and CRC are what the directory says
	Entpackt uint64
	CRC      uint32
	Gespeich bool // Store instead of Deflate (Inhalt only)
}

// Arbeitsmappe is the parts of a workbook of one sheet, xl/worksheets/sheet1.xml, which blatt
// is (nil: a sheet with one header cell).
func Arbeitsmappe(blatt Teil) []Teil {
	if blatt.Name == "" {
		blatt.Name = "xl/worksheets/sheet1.xml"
	}
	if blatt.Inhalt == nil && blatt.Roh == nil {
		blatt.Inhalt = []byte(Blatt(`<row r="1"><c r="A1" t="inlineStr"><is><t>Kopf</t></is></c></row>`))
	}
	return []Teil{
		{Name: "[Content_Types].xml", Inhalt: []byte(`<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
			`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
			`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
			`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`)},
		{Name: "_rels/.rels", Inhalt: []byte(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`)},
		{Name: "xl/workbook.xml", Inhalt: []byte(`<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ` +
			`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Tabelle1" sheetId="1" r:id="rId1"/></sheets></workbook>`)},
		{Name: "xl/_rels/workbook.xml.rels", Inhalt: []byte(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`)},
		blatt,
	}
}

// Blatt is a worksheet's XML around the rows zeilen.
func Blatt(zeilen string) string {
	return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
		zeilen + `</sheetData></worksheet>`
}

// Zip writes the parts as a zip archive.
func Zip(teile []Teil) []byte {
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for _, t := range teile {
		if t.Roh != nil {
			w, err := z.CreateRaw(&zip.FileHeader{Name: t.Name, Method: zip.Deflate, CRC32: t.CRC,
				CompressedSize64: uint64(len(t.Roh)), UncompressedSize64: t.Entpackt})
			must(err)
			_, err = w.Write(t.Roh)
			must(err)
			continue
		}
		methode := zip.Deflate
		if t.Gespeich {
			methode = zip.Store
		}
		w, err := z.CreateHeader(&zip.FileHeader{Name: t.Name, Method: methode})
		must(err)
		_, err = w.Write(t.Inhalt)
		must(err)
	}
	must(z.Close())
	return b.Bytes()
}

// Leerzeichen is a Deflate stream of n spaces (XML's whitespace, so the part is well-formed
// as far as it goes) and its checksum: blocks of one MiB compressed once and repeated — each
// refers back only inside itself — then a final empty block. A GiB weighs about 1 MB.
func Leerzeichen(n uint64) (roh []byte, crc uint32) {
	const block = 1 << 20
	eins := bytes.Repeat([]byte{' '}, block)
	var c bytes.Buffer
	w, err := flate.NewWriter(&c, flate.BestCompression)
	must(err)
	_, err = w.Write(eins)
	must(err)
	must(w.Flush())
	stueck := c.Bytes()
	var out bytes.Buffer
	crc = 0
	for i := uint64(0); i < n/block; i++ {
		out.Write(stueck)
		crc = crc32.Update(crc, crc32.IEEETable, eins)
	}
	if rest := n % block; rest > 0 {
		var r bytes.Buffer
		w, err := flate.NewWriter(&r, flate.BestCompression)
		must(err)
		_, err = w.Write(eins[:rest])
		must(err)
		must(w.Flush())
		out.Write(r.Bytes())
		crc = crc32.Update(crc, crc32.IEEETable, eins[:rest])
	}
	out.Write([]byte{0x03, 0x00}) // a final fixed-Huffman block holding nothing
	return out.Bytes(), crc
}

// Bombe is a workbook whose sheet unpacks to entpackt bytes; its directory declares erklaert
// (entpackt: honest; less: an entry that lies about its size).
func Bombe(entpackt, erklaert uint64) []byte {
	roh, crc := Leerzeichen(entpackt)
	return Zip(Arbeitsmappe(Teil{Roh: roh, Entpackt: erklaert, CRC: crc}))
}

// Ueberlappend is a workbook in which n directory entries (the sheet, the shared strings and
// n-2 others) all name the one compressed stream of a sheet unpacking to entpackt bytes, each
// declaring a size of its own below limit: the central directory's offsets are rewritten to
// the first entry's local header.
func Ueberlappend(n int, entpackt uint64) []byte {
	roh, crc := Leerzeichen(entpackt)
	teile := Arbeitsmappe(Teil{Roh: roh, Entpackt: entpackt, CRC: crc})
	for i := 1; i < n; i++ {
		teile = append(teile, Teil{Name: fmt.Sprintf("xl/media/bild%d.xml", i), Roh: roh, Entpackt: entpackt, CRC: crc})
	}
	b := Zip(teile)
	// the end of central directory record: the directory's offset at 16
	ende := bytes.LastIndex(b, []byte("PK\x05\x06"))
	verzeichnis := int(binary.LittleEndian.Uint32(b[ende+16:]))
	var blattKopf uint32
	for p := verzeichnis; p < ende; {
		namenslaenge := int(binary.LittleEndian.Uint16(b[p+28:]))
		extra := int(binary.LittleEndian.Uint16(b[p+30:]))
		kommentar := int(binary.LittleEndian.Uint16(b[p+32:]))
		name := string(b[p+46 : p+46+namenslaenge])
		switch {
		case name == "xl/worksheets/sheet1.xml":
			blattKopf = binary.LittleEndian.Uint32(b[p+42:])
		case strings.HasPrefix(name, "xl/media/"):
			binary.LittleEndian.PutUint32(b[p+42:], blattKopf)
		}
		p += 46 + namenslaenge + extra + kommentar
	}
	return b
}

// OhneZeilennummern is a workbook whose sheet holds the header row kopf and n rows of one
// number cell, none of them with a row or cell reference (r).
func OhneZeilennummern(kopf []string, n int) []byte {
	var s strings.Builder
	s.WriteString(`<row>`)
	for _, k := range kopf {
		s.WriteString(`<c t="inlineStr"><is><t>` + strings.NewReplacer("&", "&amp;", "<", "&lt;").Replace(k) + `</t></is></c>`)
	}
	s.WriteString(`</row>`)
	for range n {
		s.WriteString(`<row><c><v>1</v></c></row>`)
	}
	return Zip(Arbeitsmappe(Teil{Inhalt: []byte(Blatt(s.String()))}))
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}
