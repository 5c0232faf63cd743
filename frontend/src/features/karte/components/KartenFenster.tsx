import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/Button';
import { inputClass } from '@/components/FormField';
import { Laden } from '@/components/Laden';
import { KARTEN_QUELLE, kartennachricht, lageAusTexten, vollstaendig, zahlAusParameter, type Kartennachricht, type Lage } from '@/components/karte/protokoll';
import { konfigurationQuery, type Kartenebene } from '@/lib/konfiguration';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { erstelleKarte, type Olkarte, type Schicht } from './olkarte';

export const KARTE_LABEL = 'Karte: Position wählen';
export const UEBERNEHMEN = 'Übernehmen';
export const OHNE_FORMULAR = "Dieses Fenster gehört zu einem Formular: öffnen Sie es dort mit 'Position in Karte wählen'.";

/** Arrow keys move the marker by 10 m, with Shift by 1 m. */
const SCHRITT = 10;
const FEINSCHRITT = 1;
const MAX_LAENGE = 11; // 99999999.99 (spec 000 §9), whole metres here

const KEINE: Kartenebene[] = [];
const text = (n: number | undefined) => (n === undefined ? '' : String(n));
const ganz = (l: Lage): Lage => ({ rechtswert: Math.round(l.rechtswert), hochwert: Math.round(l.hochwert) });

/**
 * The map window (spec 000 §2, §7): a map of the state's background layers (MAP_LAYERS) or,
 * without any, the shipped vector layers; a click or the arrow keys set the marker, the
 * coordinates show in whole metres and can be typed, 'Übernehmen' (or Enter on the map) sends
 * them to the form that opened the window and closes it. Talks to the opener by the ticket of
 * its address (components/karte/protokoll).
 */
export function KartenFenster() {
  useDocumentTitle('Karte');
  const konfiguration = useQuery(konfigurationQuery());
  // without the configuration the map still works, with the shipped layers only
  if (konfiguration.isPending) return <Laden />;
  return <Fenster ebenen={konfiguration.data?.kartenebenen ?? KEINE} />;
}

function Fenster({ ebenen }: { ebenen: Kartenebene[] }) {
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const [start] = useState(() => vollstaendig({ rechtswert: zahlAusParameter(params.get('rechtswert')), hochwert: zahlAusParameter(params.get('hochwert')) }));
  const [punkt, setPunkt] = useState<Lage | undefined>(start && ganz(start));
  const [felder, setFelder] = useState({ rechtswert: text(punkt?.rechtswert), hochwert: text(punkt?.hochwert) });
  const [schichten, setSchichten] = useState<Schicht[]>([]);
  const kartenRef = useRef<HTMLDivElement>(null);
  const karte = useRef<Olkarte | null>(null);
  const gewaehlt = useRef(false);
  const opener = window.opener as Window | null;
  const id = useId();

  /** A point from the map (click, keys) or the opener: marker and fields follow. */
  const setze = (l: Lage, zeigen = false) => {
    const p = ganz(l);
    setPunkt(p);
    setFelder({ rechtswert: text(p.rechtswert), hochwert: text(p.hochwert) });
    karte.current?.setzeMarker(p, zeigen);
  };
  const setzeRef = useRef(setze);
  useEffect(() => {
    setzeRef.current = setze;
  });

  useEffect(() => {
    if (!kartenRef.current) return;
    const k = erstelleKarte(kartenRef.current, ebenen, (l) => {
      gewaehlt.current = true;
      setzeRef.current(l);
    });
    karte.current = k;
    setSchichten(k.schichten());
    if (start) {
      k.setzeMarker(ganz(start));
      k.zoomeAuf(start);
    }
    const anpassen = () => k.anpassen();
    window.addEventListener('resize', anpassen);
    return () => {
      window.removeEventListener('resize', anpassen);
      k.entfernen();
      karte.current = null;
    };
  }, [ebenen, start]);

  // the opener asks every second whether the window is ready, then sends the form's point
  useEffect(() => {
    const empfangen = (e: MessageEvent) => {
      if (!opener || e.source !== opener) return;
      const n = kartennachricht(e, ticket);
      if (n?.art === 'bereit?') {
        opener.postMessage({ quelle: KARTEN_QUELLE, art: 'bereit', ticket } satisfies Kartennachricht, window.location.origin);
      } else if (n?.art === 'lage') {
        const l = vollstaendig(n.lage);
        // a point the user has already chosen here stays
        if (l && !gewaehlt.current) {
          setzeRef.current(l);
          karte.current?.zoomeAuf(l);
        }
      }
    };
    window.addEventListener('message', empfangen);
    return () => window.removeEventListener('message', empfangen);
  }, [opener, ticket]);

  const uebernehmen = () => {
    if (!punkt || !opener || opener.closed) return;
    opener.postMessage({ quelle: KARTEN_QUELLE, art: 'uebernehmen', ticket, lage: punkt } satisfies Kartennachricht, window.location.origin);
    window.close();
  };

  const tasten = (e: KeyboardEvent<HTMLDivElement>) => {
    const schritt = e.shiftKey ? FEINSCHRITT : SCHRITT;
    const d: Record<string, [number, number]> = { ArrowLeft: [-schritt, 0], ArrowRight: [schritt, 0], ArrowUp: [0, schritt], ArrowDown: [0, -schritt] };
    if (e.key === 'Enter') {
      e.preventDefault();
      uebernehmen();
      return;
    }
    const [de, dn] = d[e.key] ?? [];
    if (de === undefined) return;
    e.preventDefault();
    gewaehlt.current = true;
    const von = punkt ?? karte.current?.mitte();
    if (von) setze({ rechtswert: von.rechtswert + de, hochwert: von.hochwert + dn }, true);
  };

  const feld = (name: 'rechtswert' | 'hochwert', wert: string) => {
    const neu = { ...felder, [name]: wert };
    setFelder(neu);
    const l = vollstaendig(lageAusTexten(neu.rechtswert, neu.hochwert));
    gewaehlt.current = true;
    setPunkt(l && ganz(l));
    karte.current?.setzeMarker(l && ganz(l), true);
  };

  const hinweisId = `${id}-hinweis`;
  return (
    <main className="flex h-screen flex-col bg-white text-gray-900">
      <div className="flex flex-wrap items-end gap-3 border-b border-gray-300 px-3 py-2">
        <h1 className="mr-2 self-center text-lg font-semibold">Position in Karte wählen</h1>
        <Koordinate name="rechtswert" label="Rechtswert (Ost, UTM32)" wert={felder.rechtswert} onChange={feld} />
        <Koordinate name="hochwert" label="Hochwert (Nord, UTM32)" wert={felder.hochwert} onChange={feld} />
        <p className="self-center text-sm" aria-live="polite">
          {punkt ? `Gewählt: Ost ${punkt.rechtswert} m, Nord ${punkt.hochwert} m` : 'Noch keine Position gewählt.'}
        </p>
        <div className="ml-auto flex gap-2 self-center">
          <Button variant="secondary" onClick={() => window.close()}>
            Abbrechen
          </Button>
          <Button onClick={uebernehmen} disabled={!punkt || !opener}>
            {UEBERNEHMEN}
          </Button>
        </div>
      </div>
      {!opener && (
        <p role="alert" className="px-3 py-1 text-sm text-red-700">
          {OHNE_FORMULAR}
        </p>
      )}
      <div className="relative min-h-0 flex-1">
        <div
          ref={kartenRef}
          role="application"
          aria-label={KARTE_LABEL}
          aria-describedby={hinweisId}
          tabIndex={0}
          onKeyDown={tasten}
          className="h-full w-full focus:outline-4 focus:outline-offset-[-4px] focus:outline-blue-700"
          data-testid="karte"
        />
        {schichten.length > 0 && (
          <fieldset className="absolute top-2 right-2 rounded border border-gray-400 bg-white/95 px-3 py-2 text-sm shadow">
            <legend className="px-1 font-medium">Ebenen</legend>
            {schichten.map((s) => (
              <label key={s.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={s.sichtbar}
                  onChange={(e) => {
                    karte.current?.zeige(s.id, e.target.checked);
                    setSchichten((alt) => alt.map((x) => (x.id === s.id ? { ...x, sichtbar: e.target.checked } : x)));
                  }}
                />
                {s.titel}
              </label>
            ))}
          </fieldset>
        )}
      </div>
      <p id={hinweisId} className="border-t border-gray-300 px-3 py-1 text-xs text-gray-700">
        Klicken Sie in die Karte, um die Position zu setzen. Mit der Tastatur: Pfeiltasten verschieben die Markierung um {SCHRITT} m (mit Umschalt um{' '}
        {FEINSCHRITT} m), Enter übernimmt sie.
      </p>
    </main>
  );
}

/** A coordinate typed in whole metres (German numbers accepted). */
function Koordinate({ name, label, wert, onChange }: { name: 'rechtswert' | 'hochwert'; label: string; wert: string; onChange: (name: 'rechtswert' | 'hochwert', wert: string) => void }) {
  return (
    <label className="flex flex-col text-sm">
      <span className="font-medium">{label}</span>
      <input name={name} inputMode="numeric" maxLength={MAX_LAENGE} className={`${inputClass} w-36`} value={wert} onChange={(e) => onChange(name, e.target.value)} />
    </label>
  );
}
