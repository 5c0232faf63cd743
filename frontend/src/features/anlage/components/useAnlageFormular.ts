import { useCallback, useState } from 'react';
import { ApiError } from '@/lib/api';
import { useFokusAufErstenFehler } from '@/lib/form';
import { pruefeAnlage, reiterVon, type AnlageFehler, type AnlageWerte, type Reiter } from './werte';

/**
 * State of the plant form: values, errors (by server key), the open tab and the focus on the
 * first invalid field; `pruefen()` runs the client checks, `serverfehler(e)` attaches a 400's
 * validationErrors. Both open the first tab with errors.
 */
export function useAnlageFormular(typ: string, basis: AnlageWerte) {
  const [werte, setWerte] = useState(basis);
  const [fehler, setFehler] = useState<AnlageFehler>({});
  const [reiter, setReiter] = useState<Reiter>('anlage');
  const [containerRef, fokusAufFehler] = useFokusAufErstenFehler<HTMLDivElement>();

  const zeige = useCallback(
    (f: AnlageFehler) => {
      setFehler(f);
      const erster = Object.keys(f).find((k) => f[k]);
      if (erster) {
        setReiter(reiterVon(erster));
        fokusAufFehler();
      }
    },
    [fokusAufFehler],
  );
  const pruefen = useCallback(() => {
    const f = pruefeAnlage(typ, werte);
    zeige(f);
    return Object.keys(f).length === 0;
  }, [typ, werte, zeige]);
  const serverfehler = useCallback(
    (e: unknown) => {
      if (!(e instanceof ApiError) || e.status !== 400 || !e.hasValidationErrors) return false;
      zeige({ ...e.validationErrors });
      return true;
    },
    [zeige],
  );
  const zuruecksetzen = useCallback((w: AnlageWerte) => {
    setWerte(w);
    setFehler({});
  }, []);
  return { werte, setWerte, fehler, reiter, setReiter, containerRef, pruefen, serverfehler, zuruecksetzen };
}
