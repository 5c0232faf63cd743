import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/Button';
import { ABFRAGE_MS, FENSTER_MERKMALE, KARTEN_QUELLE, kartennachricht, neuesTicket, type Formularlage, type Kartennachricht, type Lage } from './protokoll';

export const KARTE_WAEHLEN = 'Position in Karte wählen';
export const POPUP_BLOCKIERT = 'Popup blockiert – Bitte erlauben sie Popup Fenster';

export interface KartenauswahlProps {
  /** The form's point (UTM32); missing values: the map opens on the whole state. */
  lage: Formularlage;
  /** The point taken in the map window, in whole metres. */
  onChange: (lage: Lage) => void;
  /** Spec 000 §6: disabled for BETREIBER and BEAUFTRAGTER (action KARTENPOSITION_SETZEN). */
  disabled?: boolean;
}

/** The address of the map window (route /karte, outside the app shell). */
export function kartenUrl(ticket: string, lage: Formularlage): string {
  const p = new URLSearchParams({ ticket });
  if (lage?.rechtswert !== undefined && Number.isFinite(lage.rechtswert)) p.set('rechtswert', String(lage.rechtswert));
  if (lage?.hochwert !== undefined && Number.isFinite(lage.hochwert)) p.set('hochwert', String(lage.hochwert));
  return `${import.meta.env.BASE_URL}karte?${p.toString()}`;
}

/**
 * 'Position in Karte wählen' (spec 000 §2, §7): opens the map window (900 × 600) with a fresh
 * ticket, asks it every second whether it is ready, sends it the form's point and takes the
 * point the window sends back with 'Übernehmen'. protokoll.ts describes the messages.
 */
export function Kartenauswahl({ lage, onChange, disabled }: KartenauswahlProps) {
  const [blockiert, setBlockiert] = useState(false);
  const [offen, setOffen] = useState<{ fenster: Window; ticket: string } | null>(null);
  // the latest props for the listener, which lives as long as the window
  const aktuell = useRef({ lage, onChange });
  useEffect(() => {
    aktuell.current = { lage, onChange };
  });

  useEffect(() => {
    if (!offen) return;
    const { fenster, ticket } = offen;
    const senden = (n: Kartennachricht) => fenster.postMessage(n, window.location.origin);
    let bereit = false;
    const fragen = () => {
      if (fenster.closed) {
        window.clearInterval(abfrage);
        setOffen(null);
      } else if (!bereit) {
        senden({ quelle: KARTEN_QUELLE, art: 'bereit?', ticket });
      }
    };
    const abfrage = window.setInterval(fragen, ABFRAGE_MS);
    fragen();
    const empfangen = (e: MessageEvent) => {
      if (e.source !== fenster) return;
      const n = kartennachricht(e, ticket);
      if (n?.art === 'bereit' && !bereit) {
        bereit = true;
        senden({ quelle: KARTEN_QUELLE, art: 'lage', ticket, lage: aktuell.current.lage });
      } else if (n?.art === 'uebernehmen') {
        aktuell.current.onChange(n.lage);
      }
    };
    window.addEventListener('message', empfangen);
    return () => {
      window.clearInterval(abfrage);
      window.removeEventListener('message', empfangen);
    };
  }, [offen]);

  const oeffnen = () => {
    const ticket = neuesTicket();
    const fenster = window.open(kartenUrl(ticket, lage), ticket, FENSTER_MERKMALE);
    setBlockiert(!fenster);
    if (fenster) {
      fenster.focus();
      setOffen({ fenster, ticket });
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" onClick={oeffnen} disabled={disabled}>
        {KARTE_WAEHLEN}
      </Button>
      {blockiert && (
        <p role="alert" className="text-sm text-red-700">
          {POPUP_BLOCKIERT}
        </p>
      )}
    </div>
  );
}
