package tabelle

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"

	"github.com/eabwasser/eabwasser/domain/validierung"
)

// The limits of an uploaded xlsx archive (docs/security.md, "Spreadsheet imports"). An xlsx
// file is a zip archive: a few hundred KB can unpack to gigabytes, one compressed stream can be
// named by several directory entries, and an entry can declare a size it does not have. The
// archive's directory is checked before a byte is unpacked; archive/zip then refuses an entry
// whose data is longer than declared, so the declared sizes bound what is read.
const (
	// HoechstensEntpackt bounds the sum of the declared sizes of every entry: the largest
	// import that exists (10,000 relief plants of 34 columns, as the export writes them) unpacks
	// to about 15 MB.
	HoechstensEntpackt = 32 << 20
	// hoechstensEintraege bounds the archive's directory (Excel and LibreOffice write 10–20
	// entries for a workbook of one sheet).
	hoechstensEintraege = 1000
	// hoechstensToken bounds one XML token — a cell's text, a tag with its attributes (Excel
	// keeps at most 32,767 characters in a cell) — so no single token fills the memory.
	hoechstensToken = 1 << 20
	// hoechstensSpalten is Excel's number of columns (XFD): a cell beyond it is no xlsx.
	hoechstensSpalten = 16384
)

// Messages of a refused archive (ours).
const (
	MsgZuGrossEntpackt = "Die Datei ist entpackt größer als %d MB und wird nicht importiert."
	MsgArchivUngueltig = "Die Datei ist kein gültiges xlsx-Archiv und wird nicht importiert."
)

// archiv is an xlsx file whose directory passed the checks: its entries by name.
type archiv struct {
	ctx       context.Context
	eintraege map[string]*zip.File
}

// oeffne checks the archive's directory — number of entries, declared sizes and their sum,
// names given twice, entries whose data overlap or lie outside the file — and refuses it with a
// German message before anything is unpacked.
func oeffne(ctx context.Context, b []byte) (*archiv, error) {
	z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil, validierung.Regel(MsgNurXlsx)
	}
	if len(z.File) == 0 || len(z.File) > hoechstensEintraege {
		return nil, validierung.Regel(MsgArchivUngueltig)
	}
	zuGross := validierung.Regel(fmt.Sprintf(MsgZuGrossEntpackt, HoechstensEntpackt>>20))
	type bereich struct{ von, bis int64 }
	bereiche := make([]bereich, 0, len(z.File))
	a := &archiv{ctx: ctx, eintraege: make(map[string]*zip.File, len(z.File))}
	var summe uint64
	for _, f := range z.File {
		if f.UncompressedSize64 > HoechstensEntpackt {
			return nil, zuGross
		}
		if summe += f.UncompressedSize64; summe > HoechstensEntpackt {
			return nil, zuGross
		}
		name := strings.ToLower(strings.ReplaceAll(f.Name, `\`, "/"))
		if _, doppelt := a.eintraege[name]; doppelt {
			return nil, validierung.Regel(MsgArchivUngueltig)
		}
		a.eintraege[name] = f
		von, err := f.DataOffset()
		if err != nil || von < 0 || f.CompressedSize64 > uint64(len(b)) || von+int64(f.CompressedSize64) > int64(len(b)) {
			return nil, validierung.Regel(MsgArchivUngueltig)
		}
		if f.Method == zip.Store && f.CompressedSize64 != f.UncompressedSize64 {
			return nil, validierung.Regel(MsgArchivUngueltig)
		}
		bereiche = append(bereiche, bereich{von, von + int64(f.CompressedSize64)})
	}
	// each entry's data is its own: a stream named by two entries unpacks twice for one upload
	slices.SortFunc(bereiche, func(x, y bereich) int { return int(x.von - y.von) })
	for i := 1; i < len(bereiche); i++ {
		if bereiche[i].von < bereiche[i-1].bis+30 { // a local header (30 bytes and the name) lies between
			return nil, validierung.Regel(MsgArchivUngueltig)
		}
	}
	return a, nil
}

// teil opens the entry name (a path in the archive, any case); absent: nil. What it unpacks
// stops with the request's context and at the entry's declared size (archive/zip).
func (a *archiv) teil(name string) (io.ReadCloser, error) {
	f := a.eintraege[strings.ToLower(strings.TrimPrefix(name, "/"))]
	if f == nil {
		return nil, nil
	}
	r, err := f.Open()
	if err != nil {
		return nil, validierung.Regel(MsgArchivUngueltig)
	}
	return &bisAbbruch{ctx: a.ctx, r: r}, nil
}

// xmlLeser reads a part's XML token by token; no token may be longer than hoechstensToken.
type xmlLeser struct {
	*xml.Decoder
	z *tokenZaehler
}

func neuerXMLLeser(r io.Reader) xmlLeser {
	z := &tokenZaehler{r: r}
	d := xml.NewDecoder(z)
	d.Strict = false // as spreadsheet programs read: entities of HTML, unquoted attributes
	return xmlLeser{Decoder: d, z: z}
}

// Token is the next token (nil at the end); a too long token or a broken part is an error.
func (l xmlLeser) Token() (xml.Token, error) {
	l.z.n = 0
	t, err := l.Decoder.Token()
	if err == io.EOF {
		return nil, nil
	}
	return t, err
}

// text reads the character data up to the end of the element just started (its children's
// too, but for those named in ohne: a shared string's phonetic reading).
func (l xmlLeser) text(ohne ...string) (string, error) {
	var s strings.Builder
	tiefe, aus := 1, 0
	for tiefe > 0 {
		t, err := l.Token()
		if err != nil {
			return "", err
		}
		switch t := t.(type) {
		case nil:
			return "", io.ErrUnexpectedEOF
		case xml.StartElement:
			tiefe++
			if aus == 0 && slices.Contains(ohne, t.Name.Local) {
				aus = tiefe
			}
		case xml.EndElement:
			if tiefe == aus {
				aus = 0
			}
			tiefe--
		case xml.CharData:
			if aus == 0 {
				if s.Len()+len(t) > hoechstensToken {
					return "", errTokenZuLang
				}
				s.Write(t)
			}
		}
	}
	return s.String(), nil
}

var errTokenZuLang = fmt.Errorf("xml: Token länger als %d Bytes", hoechstensToken)

// tokenZaehler refuses to read more than hoechstensToken bytes (and the decoder's buffer) for
// one token: Token sets n to 0 before each.
type tokenZaehler struct {
	r io.Reader
	n int
}

func (z *tokenZaehler) Read(p []byte) (int, error) {
	if z.n > hoechstensToken+64<<10 {
		return 0, errTokenZuLang
	}
	n, err := z.r.Read(p)
	z.n += n
	return n, err
}

// bisAbbruch stops reading when the request's context ends (the client went away).
type bisAbbruch struct {
	ctx context.Context
	r   io.ReadCloser
}

func (b *bisAbbruch) Read(p []byte) (int, error) {
	if err := b.ctx.Err(); err != nil {
		return 0, err
	}
	return b.r.Read(p)
}

func (b *bisAbbruch) Close() error { return b.r.Close() }

// beziehung is a relationship of a part: its id, its type and its target, a path in the archive.
type beziehung struct{ id, typ, ziel string }

// beziehungen reads the relationships of part name (its _rels/<name>.rels; absent: none);
// external targets are left out.
func (a *archiv) beziehungen(name string) ([]beziehung, error) {
	dir, datei := path.Split(name)
	r, err := a.teil(dir + "_rels/" + datei + ".rels")
	if err != nil || r == nil {
		return nil, err
	}
	defer r.Close()
	l := neuerXMLLeser(r)
	var out []beziehung
	for {
		t, err := l.Token()
		if err != nil {
			return nil, lesefehler(a.ctx, err)
		}
		if t == nil {
			return out, nil
		}
		e, ok := t.(xml.StartElement)
		if !ok || e.Name.Local != "Relationship" || attr(e, "TargetMode") == "External" {
			continue
		}
		ziel := attr(e, "Target")
		if !strings.HasPrefix(ziel, "/") {
			ziel = path.Join(dir, ziel)
		}
		out = append(out, beziehung{id: attr(e, "Id"), typ: attr(e, "Type"), ziel: strings.TrimPrefix(path.Clean(ziel), "/")})
	}
}

// ersteTabelle finds the first sheet of the workbook (in the workbook's order) and the shared
// strings part: the package's relationships name the workbook, the workbook's name its parts.
func (a *archiv) ersteTabelle() (blatt, texte string, err error) {
	paket, err := a.beziehungen("")
	if err != nil {
		return "", "", err
	}
	buch := "xl/workbook.xml"
	for _, b := range paket {
		if strings.HasSuffix(b.typ, "/officeDocument") {
			buch = b.ziel
			break
		}
	}
	r, err := a.teil(buch)
	if err != nil || r == nil {
		return "", "", validierung.Regel(MsgNurXlsx)
	}
	defer r.Close()
	l := neuerXMLLeser(r)
	var id string
	for id == "" {
		t, err := l.Token()
		if err != nil {
			return "", "", lesefehler(a.ctx, err)
		}
		if t == nil {
			return "", "", validierung.Regel(MsgKeinBlatt)
		}
		if e, ok := t.(xml.StartElement); ok && e.Name.Local == "sheet" {
			id = attrNS(e, "id")
		}
	}
	teile, err := a.beziehungen(buch)
	if err != nil {
		return "", "", err
	}
	for _, b := range teile {
		switch {
		case b.id == id:
			blatt = b.ziel
		case strings.HasSuffix(b.typ, "/sharedStrings"):
			texte = b.ziel
		}
	}
	if blatt == "" {
		return "", "", validierung.Regel(MsgKeinBlatt)
	}
	return blatt, texte, nil
}

// gemeinsameTexte reads the shared strings part (absent: none): the text of each string item,
// its runs joined, its phonetic reading left out.
func (a *archiv) gemeinsameTexte(name string) ([]string, error) {
	if name == "" {
		return nil, nil
	}
	r, err := a.teil(name)
	if err != nil || r == nil {
		return nil, err
	}
	defer r.Close()
	l := neuerXMLLeser(r)
	var texte []string
	for {
		t, err := l.Token()
		if err != nil {
			return nil, lesefehler(a.ctx, err)
		}
		if t == nil {
			return texte, nil
		}
		if e, ok := t.(xml.StartElement); ok && e.Name.Local == "si" {
			s, err := l.text("rPh")
			if err != nil {
				return nil, lesefehler(a.ctx, err)
			}
			texte = append(texte, s)
		}
	}
}

// lesefehler is the answer to an error while unpacking or parsing: the request's end as it
// is, anything else the import's failure.
func lesefehler(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if _, ok := err.(*validierung.Fehler); ok {
		return err
	}
	return validierung.Regel(MsgImportFehlgeschlagen)
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name && a.Name.Space == "" {
			return a.Value
		}
	}
	return ""
}

// attrNS is an attribute of another namespace (r:id of a sheet).
func attrNS(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name && a.Name.Space != "" {
			return a.Value
		}
	}
	return ""
}
