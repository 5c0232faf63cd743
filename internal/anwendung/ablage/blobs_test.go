package ablage

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func dateienIn(t *testing.T, dir string) []string {
	t.Helper()
	eintraege, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range eintraege {
		out = append(out, e.Name())
	}
	return out
}

func TestBlobs_WriteReadRemove(t *testing.T) {
	b := Blobs{Verzeichnis: filepath.Join(t.TempDir(), "dateien")}
	inhalt := strings.Repeat("Messwert;", 1000)
	blob, err := b.Schreibe(strings.NewReader(inhalt), int64(len(inhalt)))
	if err != nil {
		t.Fatal(err)
	}
	summe := sha256.Sum256([]byte(inhalt))
	if blob.Groesse != int64(len(inhalt)) || blob.SHA256 != hex.EncodeToString(summe[:]) || string(blob.Anfang) != inhalt[:512] {
		t.Fatalf("%+v", blob)
	}
	if got := dateienIn(t, b.Verzeichnis); len(got) != 1 || got[0] != blob.Schluessel {
		t.Fatalf("on disk: %v", got)
	}
	f, err := b.Oeffne(blob.Schluessel)
	if err != nil {
		t.Fatal(err)
	}
	gelesen, _ := io.ReadAll(f)
	_ = f.Close()
	if string(gelesen) != inhalt {
		t.Fatal("content differs")
	}
	if err := b.Entferne(blob.Schluessel); err != nil {
		t.Fatal(err)
	}
	if err := b.Entferne(blob.Schluessel); err != nil {
		t.Fatalf("removing twice: %v", err)
	}
	if got := dateienIn(t, b.Verzeichnis); len(got) != 0 {
		t.Fatalf("left: %v", got)
	}
}

func TestBlobs_OneByteAboveTheMaximumLeavesNothing(t *testing.T) {
	b := Blobs{Verzeichnis: t.TempDir()}
	if _, err := b.Schreibe(strings.NewReader("12345"), 4); !errors.Is(err, ErrZuGross) {
		t.Fatalf("err = %v", err)
	}
	if got := dateienIn(t, b.Verzeichnis); len(got) != 0 {
		t.Fatalf("left: %v", got)
	}
}

func TestBlobs_AReadErrorLeavesNothing(t *testing.T) {
	b := Blobs{Verzeichnis: t.TempDir()}
	kaputt := io.MultiReader(strings.NewReader("anfang"), errReader{})
	if _, err := b.Schreibe(kaputt, 100); err == nil {
		t.Fatal("no error")
	}
	if got := dateienIn(t, b.Verzeichnis); len(got) != 0 {
		t.Fatalf("left: %v", got)
	}
}

func TestBlobs_KeysThatAreNoBlobKeysAreRefused(t *testing.T) {
	b := Blobs{Verzeichnis: t.TempDir()}
	for _, k := range []string{"../jwt-secret", "", "a/b", "ABCDEF"} {
		if _, err := b.Oeffne(k); err == nil {
			t.Errorf("Oeffne(%q) opened", k)
		}
		if err := b.Entferne(k); err == nil {
			t.Errorf("Entferne(%q) accepted", k)
		}
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("Verbindung abgebrochen") }
