import { useCallback, useRef, useState } from 'react';
import { useFeldsprung } from '@/components/akte/Fehleruebersicht';
import { ApiError } from '@/lib/api';
import { ANLAGE_SCHLUESSEL } from './feldnamen';
import { pruefeAnlage, reiterVon, type AnlageFehler, type AnlageWerte, type Reiter } from './werte';

/**
 * State of the plant form: values, errors (by server key), the open tab; `pruefen()` runs the
 * client checks, `serverfehler(e)` attaches a 400's validationErrors (true when it did). Both
 * show every error at once: the first tab with errors opens and the error summary
 * (components/akte/Fehleruebersicht, fed with `fehler`, `pruefung` and `geheZu`) takes the focus.
 */
export function useAnlageFormular(typ: string, basis: AnlageWerte) {
  const [werte, setWerte] = useState(basis);
  const [fehler, setFehler] = useState<AnlageFehler>({});
  const [reiter, setReiter] = useState<Reiter>('anlage');
  const [pruefung, setPruefung] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const geheZu = useFeldsprung(
    containerRef,
    useCallback((key: string) => setReiter(reiterVon(key)), []),
    ANLAGE_SCHLUESSEL,
  );

  const zeige = useCallback((f: AnlageFehler) => {
    setFehler(f);
    const erster = Object.keys(f).find((k) => f[k]);
    if (erster) {
      setReiter(reiterVon(erster));
      setPruefung((n) => n + 1);
    }
  }, []);
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
  return { werte, setWerte, fehler, reiter, setReiter, containerRef, pruefen, serverfehler, zuruecksetzen, pruefung, geheZu };
}
