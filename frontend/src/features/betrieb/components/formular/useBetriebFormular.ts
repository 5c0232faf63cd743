import { useCallback, useState } from 'react';
import { ApiError } from '@/lib/api';
import { useFokusAufErstenFehler } from '@/lib/form';
import { fehlerAus, pruefeBetrieb, reiterMitFehlern, type BetriebFehler, type BetriebWerte, type Reiter } from './werte';

/**
 * State of the operation form: values, errors (by server key), the open tab and the focus on the
 * first invalid field. `pruefen()` runs the client checks; `serverfehler(e)` attaches the
 * server's validationErrors. Both open the first tab with errors and focus its first field.
 */
export function useBetriebFormular(basis: BetriebWerte) {
  const [werte, setWerte] = useState(basis);
  const [fehler, setFehler] = useState<BetriebFehler>({});
  const [reiter, setReiter] = useState<Reiter>('betrieb');
  const [containerRef, fokusAufFehler] = useFokusAufErstenFehler<HTMLDivElement>();

  const zeige = useCallback(
    (f: BetriebFehler) => {
      setFehler(f);
      const erster = reiterMitFehlern(f)[0];
      if (erster) {
        setReiter(erster);
        fokusAufFehler();
      }
    },
    [fokusAufFehler],
  );

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

  return { werte, setWerte, fehler, setFehler, reiter, setReiter, containerRef, pruefen, serverfehler, zuruecksetzen };
}
