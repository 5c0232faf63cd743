package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/eabwasser/eabwasser/internal/plattform/geodaten"
	"github.com/eabwasser/eabwasser/internal/verdrahtung/app"
)

// runGeodaten runs `geodaten import`: an official area layer (GeoJSON) into its table.
func runGeodaten(ctx context.Context, args []string, open func() (*app.App, error), stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "import" {
		return fmt.Errorf("bitte import angeben: eabwasser geodaten import [--ebene EBENE] DATEI")
	}
	fs := flag.NewFlagSet("geodaten import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ebene := fs.String("ebene", "", "verwaltungseinheit, wasserkoerper oder einzugsgebiet (leer: an den Feldern erkannt)")
	kennung := fs.String("kennung", "", "Feld der Kennung (leer: OWK_ID/WK_CODE, TEZG_ID, AGS …)")
	bezeichnung := fs.String("bezeichnung", "", "Feld der Bezeichnung (leer: OWK_NAME/WK_NAME, TEZG_NAME, GEN …)")
	srid := fs.Int("srid", 0, "EPSG-Code der Koordinaten (leer: crs der Datei, sonst 4326)")
	ersetzen := fs.Bool("ersetzen", false, "Flächen der Ebene entfernen, die die Datei nicht enthält")
	// Flags before and after the file.
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	rest := fs.Args()
	if len(rest) > 0 {
		if err := fs.Parse(rest[1:]); err != nil {
			return err
		}
		rest = append(rest[:1], fs.Args()...)
	}
	if len(rest) != 1 {
		return fmt.Errorf("bitte genau eine Datei angeben: eabwasser geodaten import [--ebene EBENE] DATEI")
	}
	datei := rest[0]
	if strings.EqualFold(filepath.Ext(datei), ".shp") {
		return fmt.Errorf("Shapefiles bitte zuerst in GeoJSON umwandeln (Paket gdal-bin): ogr2ogr -f GeoJSON -t_srs EPSG:25832 %s %s",
			strings.TrimSuffix(filepath.Base(datei), filepath.Ext(datei))+".geojson", datei)
	}
	opt := geodaten.ImportOptionen{KennungFeld: *kennung, BezeichnungFeld: *bezeichnung, SRID: *srid, Ersetzen: *ersetzen}
	if *ebene != "" {
		e, ok := geodaten.EbeneAus(*ebene)
		if !ok {
			return fmt.Errorf("unbekannte Ebene %q (verwaltungseinheit, wasserkoerper oder einzugsgebiet)", *ebene)
		}
		opt.Ebene = e
	}
	f, err := os.Open(datei)
	if err != nil {
		return err
	}
	defer f.Close()
	a, err := open()
	if err != nil {
		return err
	}
	defer a.Close()
	b, err := geodaten.Importiere(ctx, a.Pool, f, opt)
	if err != nil {
		return fmt.Errorf("%s: %w", datei, err)
	}
	fmt.Fprintln(stdout, b.String()+".")
	return nil
}
