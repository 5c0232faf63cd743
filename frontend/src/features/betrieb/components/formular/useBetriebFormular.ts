import { useCallback, useRef, useState } from 'react';
import { useFeldsprung } from '@/components/akte/Fehleruebersicht';
import { ApiError } from '@/lib/api';
import { fehlerAus, pruefeBetrieb, reiterMitFehlern, reiterVon, SCHLUESSEL, type BetriebFehler, type BetriebWerte, type Reiter } from './werte';

/**
 * State of the operation form: values, errors (by server key), the open tab. `pruefen()` runs
 * the client checks; `serverfehler(e)` attaches the server's validationErrors. Both show every
 * error at once: the first tab with errors opens and the error summary
 * (components/akte/Fehleruebersicht, fed with `fehler`, `pruefung` and `geheZu`) takes the focus.
 */
export function useBetriebFormular(basis: BetriebWerte) {
  const [werte, setWerte] = useState(basis);
  const [fehler, setFehler] = useState<BetriebFehler>({});
  const [reiter, setReiter] = useState<Reiter>('betrieb');
  const [pruefung, setPruefung] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const geheZu = useFeldsprung(
    containerRef,
    useCallback((key: string) => setReiter(reiterVon(key)), []),
    SCHLUESSEL,
  );

  const zeige = useCallback((f: BetriebFehler) => {
    setFehler(f);
    const erster = reiterMitFehlern(f)[0];
    if (erster) {
      setReiter(erster);
      setPruefung((n) => n + 1);
    }
  }, []);

  /** The client checks; false (and the errors shown) when something is wrong. */
  const pruefen = useCallback(() => {
    const f = pruefeBetrieb(werte);
    zeige(f);
    return Object.keys(f).length === 0;
  }, [werte, zeige]);

  /** Attaches a 400's validationErrors to the fields; true when there were any. */
  const serverfehler = useCallback(
    (e: unknown) => {
      if (!(e instanceof ApiError) || e.status !== 400 || !e.hasValidationErrors) return false;
      zeige(fehlerAus(e.validationErrors));
      return true;
    },
    [zeige],
  );

  const zuruecksetzen = useCallback((w: BetriebWerte) => {
    setWerte(w);
    setFehler({});
  }, []);

  return { werte, setWerte, fehler, setFehler, reiter, setReiter, containerRef, pruefen, serverfehler, zuruecksetzen, pruefung, geheZu };
}
