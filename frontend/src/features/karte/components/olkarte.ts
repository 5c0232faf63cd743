import 'ol/ol.css';
import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as steuerungen } from 'ol/control/defaults';
import GeoJSON from 'ol/format/GeoJSON';
import WMTSCapabilities from 'ol/format/WMTSCapabilities';
import Point from 'ol/geom/Point';
import { defaults as interaktionen } from 'ol/interaction/defaults';
import type BaseLayer from 'ol/layer/Base';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import { bbox as nachAusschnitt } from 'ol/loadingstrategy';
import { transform, transformExtent } from 'ol/proj';
import { register } from 'ol/proj/proj4';
import TileWMS from 'ol/source/TileWMS';
import VectorSource from 'ol/source/Vector';
import WMTS, { optionsFromCapabilities } from 'ol/source/WMTS';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import proj4 from 'proj4';
import type { Kartenebene } from '@/lib/konfiguration';
import { ZOOM_NORD, ZOOM_OST, type Lage } from '@/components/karte/protokoll';
import { EBENEN, ladeGeodaten, type Ebene } from '@/features/karte/api/geodaten';

// The map of the map window: a view in Web Mercator (EPSG:3857, what the state's WMS/WMTS and
// OpenLayers' tiles speak), points and the shipped vector layers in UTM32 (EPSG:25832) through
// proj4. Only this window's chunk imports it.

export const UTM32 = 'EPSG:25832';
const ANSICHT = 'EPSG:3857';
proj4.defs(UTM32, '+proj=utm +zone=32 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs +type=crs');
register(proj4);

/** Rhineland-Palatinate with a margin, UTM32: the map opens here without a point and stays near. */
export const LANDESAUSSCHNITT: [number, number, number, number] = [280_000, 5_420_000, 480_000, 5_650_000];
const GRENZE: [number, number, number, number] = [200_000, 5_350_000, 560_000, 5_720_000];

const STIL: Record<Ebene, Style> = {
  wasserkoerper: new Style({ stroke: new Stroke({ color: '#1d4ed8', width: 2 }), fill: new Fill({ color: 'rgba(59,130,246,0.12)' }) }),
  einzugsgebiet: new Style({ stroke: new Stroke({ color: '#15803d', width: 1.5, lineDash: [6, 4] }) }),
  verwaltungseinheit: new Style({ stroke: new Stroke({ color: '#4b5563', width: 1 }) }),
};
const MARKER = new Style({
  image: new Circle({ radius: 8, fill: new Fill({ color: '#b91c1c' }), stroke: new Stroke({ color: '#ffffff', width: 2 }) }),
  text: new Text({ text: '+', fill: new Fill({ color: '#ffffff' }) }),
});

/** A layer of the map's layer switch. */
export interface Schicht {
  id: string;
  titel: string;
  sichtbar: boolean;
  art: 'hintergrund' | 'vektor';
}

export interface Olkarte {
  /** Sets or removes the marker; `zeigen` pans to it when it is outside the view. */
  setzeMarker(l: Lage | undefined, zeigen?: boolean): void;
  /** Zooms to the box of spec 000 §9 around the point. */
  zoomeAuf(l: Lage): void;
  /** The view's centre (UTM32, whole metres). */
  mitte(): Lage;
  schichten(): Schicht[];
  zeige(id: string, sichtbar: boolean): void;
  /** The map's size changed (the window was resized). */
  anpassen(): void;
  entfernen(): void;
}

const nachUtm = (k: number[]): Lage => {
  const [rechtswert, hochwert] = transform(k, ANSICHT, UTM32);
  return { rechtswert: Math.round(rechtswert), hochwert: Math.round(hochwert) };
};
const nachAnsicht = (l: Lage) => transform([l.rechtswert, l.hochwert], UTM32, ANSICHT);

/** A vector layer of the shipped data, loaded per visible box. */
function vektorschicht(ebene: Ebene, titel: string): VectorLayer {
  const format = new GeoJSON();
  const quelle: VectorSource = new VectorSource({
    strategy: nachAusschnitt,
    loader: (ausschnitt, _aufloesung, projektion, fertig, fehler) => {
      // the box within the state's surroundings: the server answers boxes of a bounded size
      const [a, b, c, d] = transformExtent(ausschnitt, projektion, UTM32);
      const box: [number, number, number, number] = [
        Math.round(Math.max(a, GRENZE[0])),
        Math.round(Math.max(b, GRENZE[1])),
        Math.round(Math.min(c, GRENZE[2])),
        Math.round(Math.min(d, GRENZE[3])),
      ];
      if (!box.every(Number.isFinite) || box[0] >= box[2] || box[1] >= box[3]) {
        fertig?.([]);
        return;
      }
      ladeGeodaten(ebene, box)
        .then((daten) => {
          const features = format.readFeatures(daten, { dataProjection: UTM32, featureProjection: projektion });
          quelle.addFeatures(features);
          fertig?.(features);
        })
        .catch(() => {
          // without the layer the map still picks points; the box is asked again later
          quelle.removeLoadedExtent(ausschnitt);
          fehler?.();
        });
    },
  });
  const schicht = new VectorLayer({ source: quelle, style: STIL[ebene] });
  schicht.setProperties({ id: ebene, titel, art: 'vektor' });
  return schicht;
}

/** A background layer of MAP_LAYERS (WMS as tiles; WMTS from its capabilities). */
function hintergrund(e: Kartenebene, i: number): TileLayer {
  const schicht = new TileLayer({ visible: i === 0 });
  schicht.setProperties({ id: `hintergrund-${i}`, titel: e.titel, art: 'hintergrund' });
  if (e.typ === 'wms') {
    schicht.setSource(new TileWMS({ url: e.url, params: { LAYERS: e.layers, TILED: true }, projection: ANSICHT, crossOrigin: 'anonymous' }));
  } else {
    const url = new URL(e.url);
    url.searchParams.set('SERVICE', 'WMTS');
    url.searchParams.set('REQUEST', 'GetCapabilities');
    fetch(url.toString())
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
      .then((xml) => {
        const optionen = optionsFromCapabilities(new WMTSCapabilities().read(xml), { layer: e.layers, projection: ANSICHT });
        if (optionen) schicht.setSource(new WMTS({ ...optionen, crossOrigin: 'anonymous' }));
      })
      .catch((err: unknown) => console.error(`WMTS ${e.titel}:`, err));
  }
  return schicht;
}

/** Builds the map in `ziel`; `onKlick` gets the clicked point in UTM32, whole metres. */
export function erstelleKarte(ziel: HTMLElement, ebenen: Kartenebene[], onKlick: (l: Lage) => void): Olkarte {
  const marker = new VectorSource();
  const markerSchicht = new VectorLayer({ source: marker, style: MARKER, zIndex: 10 });
  const schichten: BaseLayer[] = [...ebenen.map(hintergrund), ...EBENEN.map((e) => vektorschicht(e.ebene, e.titel))];
  const view = new View({
    projection: ANSICHT,
    extent: transformExtent(GRENZE, UTM32, ANSICHT),
    constrainOnlyCenter: true,
    maxZoom: 21,
  });
  const karte = new OlMap({
    target: ziel,
    layers: [...schichten, markerSchicht],
    view,
    // the arrow keys move the marker (KartenFenster), not the map
    interactions: interaktionen({ keyboard: false }),
    controls: steuerungen({
      rotate: false,
      attribution: false,
      zoomOptions: { zoomInTipLabel: 'Vergrößern', zoomOutTipLabel: 'Verkleinern' },
    }),
  });
  view.fit(transformExtent(LANDESAUSSCHNITT, UTM32, ANSICHT));
  karte.on('singleclick', (e) => onKlick(nachUtm(e.coordinate)));
  return {
    setzeMarker(l, zeigen = false) {
      marker.clear();
      if (!l) return;
      const k = nachAnsicht(l);
      marker.addFeature(new Feature(new Point(k)));
      const sicht = view.calculateExtent(karte.getSize());
      if (zeigen && !(k[0] >= sicht[0] && k[0] <= sicht[2] && k[1] >= sicht[1] && k[1] <= sicht[3])) view.setCenter(k);
    },
    zoomeAuf(l) {
      const box: [number, number, number, number] = [l.rechtswert - ZOOM_OST, l.hochwert - ZOOM_NORD, l.rechtswert + ZOOM_OST, l.hochwert + ZOOM_NORD];
      view.fit(transformExtent(box, UTM32, ANSICHT));
    },
    mitte: () => nachUtm(view.getCenter() ?? [0, 0]),
    schichten: () =>
      schichten.map((s) => ({ id: String(s.get('id')), titel: String(s.get('titel')), sichtbar: s.getVisible(), art: s.get('art') as Schicht['art'] })),
    zeige(id, sichtbar) {
      schichten.find((s) => s.get('id') === id)?.setVisible(sichtbar);
    },
    anpassen: () => karte.updateSize(),
    entfernen: () => karte.setTarget(undefined),
  };
}
