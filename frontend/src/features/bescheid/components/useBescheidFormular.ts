import { useCallback, useRef, useState } from 'react';
import { useFeldsprung } from '@/components/akte/Fehleruebersicht';
import { ApiError } from '@/lib/api';
import type { Bescheidsstatus } from '@/features/bescheid/api/bescheid';
import { pruefeBescheid, reiterVon, type BescheidFehler, type BescheidWerte, type Reiter } from './werte';

/**
 * State of the Bescheid form: values, errors (by server key), the open tab; `pruefen()` runs the
 * client checks, `serverfehler(e)` attaches a 400's validationErrors (true when it did). Both
 * open the first tab with errors and put the focus on the error summary.
 */
export function useBescheidFormular(basis: BescheidWerte, aktuell?: Bescheidsstatus) {
  const [werte, setWerte] = useState(basis);
  const [fehler, setFehler] = useState<BescheidFehler>({});
  const [reiter, setReiter] = useState<Reiter>('bescheid');
  const [pruefung, setPruefung] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const geheZu = useFeldsprung(
    containerRef,
    useCallback((key: string) => setReiter(reiterVon(key)), []),
  );
  const zeige = useCallback((f: BescheidFehler) => {
    setFehler(f);
    const erster = Object.keys(f).find((k) => f[k]);
    if (erster) {
      setReiter(reiterVon(erster));
      setPruefung((n) => n + 1);
    }
  }, []);
  const pruefen = useCallback(() => {
    const f = pruefeBescheid(werte, aktuell);
    zeige(f);
    return Object.keys(f).length === 0;
  }, [werte, aktuell, zeige]);
  const serverfehler = useCallback(
    (e: unknown) => {
      if (!(e instanceof ApiError) || e.status !== 400 || !e.hasValidationErrors) return false;
      zeige({ ...e.validationErrors });
      return true;
    },
    [zeige],
  );
  const zuruecksetzen = useCallback((w: BescheidWerte) => {
    setWerte(w);
    setFehler({});
  }, []);
  return { werte, setWerte, fehler, reiter, setReiter, containerRef, pruefen, serverfehler, zuruecksetzen, pruefung, geheZu };
}
