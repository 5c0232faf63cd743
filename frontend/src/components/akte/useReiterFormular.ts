import { useCallback, useRef, useState } from 'react';
import { useFeldsprung } from './Fehleruebersicht';
import { ApiError } from '@/lib/api';

/** A form's errors by server key (`anhang.csb`, `auflagen[2].frist`); undefined: none. */
export type Formularfehler = Record<string, string | undefined>;

export interface ReiterFormularOptionen<W, R extends string> {
  /** The tab that is open first. */
  start: R;
  /** The tab a field's key lives on. */
  reiterVon: (key: string) => R;
  /** The client checks of the values: every error at once, by key. */
  pruefe: (werte: W) => Formularfehler;
  /**
   * The keys of a 400's validationErrors as the form names them (a list's rows by what was
   * sent); without it the server's keys are the form's.
   */
  serverSchluessel?: (validationErrors: Formularfehler) => Formularfehler;
  /** Server keys the form's fields are named differently (useFeldsprung). */
  feldSchluessel?: Readonly<Record<string, string>>;
}

/**
 * State of a file's form with tabs (plant, measuring point, Bescheid, Anforderungen): values,
 * errors by server key, the open tab. `pruefen()` runs the client checks, `serverfehler(e)`
 * attaches a 400's validationErrors (true when it did). Both show every error at once: the
 * first tab with errors opens and the error summary (Fehleruebersicht, fed with `fehler`,
 * `pruefung` and `geheZu`) takes the focus. The save cycle around it is useAktenFormular's.
 */
export function useReiterFormular<W, R extends string>(basis: W, o: ReiterFormularOptionen<W, R>) {
  const { reiterVon, pruefe, serverSchluessel } = o;
  const [werte, setWerte] = useState(basis);
  const [fehler, setFehler] = useState<Formularfehler>({});
  const [reiter, setReiter] = useState<R>(o.start);
  const [pruefung, setPruefung] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const geheZu = useFeldsprung(
    containerRef,
    useCallback((key: string) => setReiter(reiterVon(key)), [reiterVon]),
    o.feldSchluessel,
  );
  const zeige = useCallback(
    (f: Formularfehler) => {
      setFehler(f);
      const erster = Object.keys(f).find((k) => f[k]);
      if (erster) {
        setReiter(reiterVon(erster));
        setPruefung((n) => n + 1);
      }
    },
    [reiterVon],
  );
  const pruefen = useCallback(() => {
    const f = pruefe(werte);
    zeige(f);
    return Object.keys(f).length === 0;
  }, [werte, pruefe, zeige]);
  const serverfehler = useCallback(
    (e: unknown) => {
      if (!(e instanceof ApiError) || e.status !== 400 || !e.hasValidationErrors) return false;
      const f = { ...e.validationErrors };
      zeige(serverSchluessel ? serverSchluessel(f) : f);
      return true;
    },
    [zeige, serverSchluessel],
  );
  const zuruecksetzen = useCallback((w: W) => {
    setWerte(w);
    setFehler({});
  }, []);
  return { werte, setWerte, fehler, setFehler, reiter, setReiter, containerRef, pruefen, serverfehler, zuruecksetzen, pruefung, geheZu };
}
