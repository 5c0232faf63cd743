import { useCallback, useRef, useState } from 'react';
import { useFeldsprung } from '@/components/akte/Fehleruebersicht';
import { ApiError } from '@/lib/api';
import type { Bereiche } from '@/features/messstelle/api/messstelle';
import { pruefeMessstelle, reiterVon, type MessstelleFehler, type MessstelleWerte, type Reiter } from './werte';

/**
 * State of the measuring point form: values, errors (by server key), the open tab; `pruefen()`
 * runs the client checks on the tabs the point has, `serverfehler(e)` attaches a 400's
 * validationErrors (true when it did). Both show every error at once: the first tab with errors
 * opens and the error summary (components/akte/Fehleruebersicht) takes the focus.
 */
export function useMessstelleFormular(basis: MessstelleWerte, bereicheVon: (w: MessstelleWerte) => Bereiche) {
  const [werte, setWerte] = useState(basis);
  const [fehler, setFehler] = useState<MessstelleFehler>({});
  const [reiter, setReiter] = useState<Reiter>('messstelle');
  const [pruefung, setPruefung] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const geheZu = useFeldsprung(
    containerRef,
    useCallback((key: string) => setReiter(reiterVon(key)), []),
  );

  const zeige = useCallback((f: MessstelleFehler) => {
    setFehler(f);
    const erster = Object.keys(f).find((k) => f[k]);
    if (erster) {
      setReiter(reiterVon(erster));
      setPruefung((n) => n + 1);
    }
  }, []);
  const pruefen = useCallback(() => {
    const f = pruefeMessstelle(werte, bereicheVon(werte));
    zeige(f);
    return Object.keys(f).length === 0;
  }, [werte, bereicheVon, zeige]);
  const serverfehler = useCallback(
    (e: unknown) => {
      if (!(e instanceof ApiError) || e.status !== 400 || !e.hasValidationErrors) return false;
      zeige({ ...e.validationErrors });
      return true;
    },
    [zeige],
  );
  const zuruecksetzen = useCallback((w: MessstelleWerte) => {
    setWerte(w);
    setFehler({});
  }, []);
  return { werte, setWerte, fehler, setFehler, reiter, setReiter, containerRef, pruefen, serverfehler, zuruecksetzen, pruefung, geheZu };
}
