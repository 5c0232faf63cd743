package ablage

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"

	"github.com/google/uuid"
)

// Blobs keeps the bytes of uploaded files on disk, one file per blob in Verzeichnis, named by
// its key. A blob is written to a temporary file in the same directory and renamed to its key
// only when it is complete, so a key never names half a file.
type Blobs struct {
	Verzeichnis string
}

// ErrZuGross is returned by Schreibe when the content exceeds the maximum.
var ErrZuGross = errors.New("ablage: Inhalt zu groß")

// Blob is a blob as written: key, size, SHA-256 (hex) and its first bytes (for sniffing the
// content type).
type Blob struct {
	Schluessel string
	Groesse    int64
	SHA256     string
	Anfang     []byte
}

// anfangGroesse is what http.DetectContentType looks at.
const anfangGroesse = 512

// tmpPrefix marks unfinished blobs.
const tmpPrefix = ".hochladen-"

var schluesselMuster = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// Schreibe streams r to a new blob, hashing while writing. It reads at most max+1 bytes: when
// there are more than max, nothing is kept and the answer is ErrZuGross.
func (b Blobs) Schreibe(r io.Reader, max int64) (Blob, error) {
	if err := os.MkdirAll(b.Verzeichnis, 0o750); err != nil {
		return Blob{}, err
	}
	tmp, err := os.CreateTemp(b.Verzeichnis, tmpPrefix+"*")
	if err != nil {
		return Blob{}, err
	}
	fertig := false
	defer func() { // anything but a complete blob leaves nothing behind
		if !fertig {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	hash := sha256.New()
	anfang := &anfangPuffer{}
	n, err := io.Copy(io.MultiWriter(tmp, hash, anfang), io.LimitReader(r, max+1))
	if err != nil {
		return Blob{}, err
	}
	if n > max {
		return Blob{}, ErrZuGross
	}
	if err := tmp.Sync(); err != nil {
		return Blob{}, err
	}
	if err := tmp.Close(); err != nil {
		return Blob{}, err
	}
	schluessel := uuid.NewString()
	if err := os.Rename(tmp.Name(), b.pfad(schluessel)); err != nil {
		return Blob{}, err
	}
	fertig = true
	return Blob{Schluessel: schluessel, Groesse: n, SHA256: hex.EncodeToString(hash.Sum(nil)), Anfang: anfang.b}, nil
}

// Oeffne opens a blob for reading.
func (b Blobs) Oeffne(schluessel string) (*os.File, error) {
	if !schluesselMuster.MatchString(schluessel) {
		return nil, fmt.Errorf("ablage: ungültiger Schlüssel %q", schluessel)
	}
	return os.Open(b.pfad(schluessel))
}

// Entferne removes a blob; one that is already gone is no error.
func (b Blobs) Entferne(schluessel string) error {
	if !schluesselMuster.MatchString(schluessel) {
		return fmt.Errorf("ablage: ungültiger Schlüssel %q", schluessel)
	}
	err := os.Remove(b.pfad(schluessel))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

func (b Blobs) pfad(schluessel string) string { return filepath.Join(b.Verzeichnis, schluessel) }

// anfangPuffer keeps the first anfangGroesse bytes written to it.
type anfangPuffer struct{ b []byte }

func (a *anfangPuffer) Write(p []byte) (int, error) {
	if rest := anfangGroesse - len(a.b); rest > 0 {
		a.b = append(a.b, p[:min(rest, len(p))]...)
	}
	return len(p), nil
}
