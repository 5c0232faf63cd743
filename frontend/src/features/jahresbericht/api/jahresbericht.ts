import { queryOptions } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { jahresberichtKeys } from './keys';
import type { VerlaufEintrag } from '@/components/Verlauf';

// The annual report's calls (spec 001 §7 "Annual reports", "Measured values"): the report, the
// operation's reports for the tree and the overview, the parameters of a measuring point, one
// parameter with its values; the commands one file each, the keys in keys.ts.

export type Jahresbericht = components['schemas']['Jahresbericht'];
export type JahresberichtDaten = components['schemas']['JahresberichtDaten'];
export type BerichtZeile = components['schemas']['JahresberichtZeile'];
export type BerichtParameter = components['schemas']['JahresberichtParameter'];
export type ParameterListen = components['schemas']['JahresberichtParameterListen'];
export type Messwert = components['schemas']['Messwert'];
export type Messreihe = components['schemas']['JahresberichtMessreihe'];
export type Ueberschreitung = components['schemas']['Ueberschreitung'];
export type MesswertZeile = components['schemas']['JahresberichtMesswertZeile'];
export type Ueberschreitungen = components['schemas']['Ueberschreitungen'];

/** A template of the values (value list selbstueberwachungVorlage with its columns, spec 001 §3.5). */
export type Vorlage = components['schemas']['MesswertVorlage'];
/** One comparison of a value with the limit valid on its date, with the paragraph of § 6 AbwV that decided and its explanation. */
export type Vergleich = components['schemas']['Vergleich'];
/** Whether a kind of limit was kept over the year, with the values that decide it. */
export type Bewertung = components['schemas']['Bewertung'];
export type Auswertung = components['schemas']['Auswertung'];

/** GET /api/jahresbericht/betrieb/{id}/parameter-messwert: every report's parameters with their values' count, status and mean (the Messwerte tab). */
export const messwerteDesBetriebsQuery = (betriebId: string) =>
  queryOptions({
    queryKey: jahresberichtKeys.messwerteDesBetriebs(betriebId),
    queryFn: ({ signal }) => api.get<MesswertZeile[]>(`/jahresbericht/betrieb/${encodeURIComponent(betriebId)}/parameter-messwert`, { signal }),
    meta: { globalErrorHandling: false },
  });

/** GET /api/betrieb/{id}/ueberschreitungen?jahr=: the operation's exceedances (all years when jahr is ''). */
export const ueberschreitungenQuery = (betriebId: string, jahr: string) =>
  queryOptions({
    queryKey: jahresberichtKeys.ueberschreitungen(betriebId, jahr),
    queryFn: ({ signal }) =>
      api.get<Ueberschreitungen>(`/betrieb/${encodeURIComponent(betriebId)}/ueberschreitungen${jahr ? `?jahr=${encodeURIComponent(jahr)}` : ''}`, { signal }),
    meta: { globalErrorHandling: false },
  });

/** GET /api/jahresbericht/{betriebId}: the operation's reports (tree and overview). */
export const berichteDesBetriebsQuery = (betriebId: string) =>
  queryOptions({
    queryKey: jahresberichtKeys.desBetriebs(betriebId),
    queryFn: ({ signal }) => api.get<BerichtZeile[]>(`/jahresbericht/${encodeURIComponent(betriebId)}`, { signal }),
    meta: { globalErrorHandling: false },
  });

/** GET /api/jahresbericht/id/{id}: the report as its form shows it. */
export const holeJahresbericht = (id: string, signal?: AbortSignal) => api.get<Jahresbericht>(`/jahresbericht/id/${encodeURIComponent(id)}`, { signal });

export const jahresberichtQuery = (id: string) =>
  queryOptions({
    queryKey: jahresberichtKeys.detail(id),
    queryFn: ({ signal }) => holeJahresbericht(id, signal),
    staleTime: 0,
    meta: { globalErrorHandling: false },
  });

/** GET /api/jahresbericht/{id}/messstelle/{mid}/parameter-messwert: the two tables of the parameter page. */
export const parameterListenQuery = (id: string, messstelle: string) =>
  queryOptions({
    queryKey: jahresberichtKeys.parameter(id, messstelle),
    queryFn: ({ signal }) =>
      api.get<ParameterListen>(`/jahresbericht/${encodeURIComponent(id)}/messstelle/${encodeURIComponent(messstelle)}/parameter-messwert`, { signal }),
    meta: { globalErrorHandling: false },
  });

/** GET …/parameter-messwert/{pid}: one parameter with its values, template and evaluation. */
export const messreiheQuery = (id: string, messstelle: string, parameter: string) =>
  queryOptions({
    queryKey: jahresberichtKeys.messreihe(id, messstelle, parameter),
    queryFn: ({ signal }) =>
      api.get<Messreihe>(
        `/jahresbericht/${encodeURIComponent(id)}/messstelle/${encodeURIComponent(messstelle)}/parameter-messwert/${encodeURIComponent(parameter)}`,
        { signal },
      ),
    staleTime: 0,
    meta: { globalErrorHandling: false },
  });

/** The form a save or a submission sends (id and version of the loaded report, the target status of a save). */
export type BerichtFormular = Schema<'JahresberichtFormular'>;

/** GET /api/jahresbericht/{id}/verlauf: every event of the report (BETRIEB_VERLAUF_LESEN). */
export const jahresberichtVerlaufQuery = (id: string) =>
  queryOptions({
    queryKey: jahresberichtKeys.verlauf(id),
    queryFn: ({ signal }) => api.get<VerlaufEintrag[]>(`/jahresbericht/${encodeURIComponent(id)}/verlauf`, { signal }),
    staleTime: 0,
  });

/** GET /api/jahresbericht/{id}/stand/{version}: the report as it was after that event. */
export const jahresberichtStandQuery = (id: string, version: number) =>
  queryOptions({
    queryKey: jahresberichtKeys.stand(id, version),
    queryFn: ({ signal }) => api.get<Jahresbericht>(`/jahresbericht/${encodeURIComponent(id)}/stand/${version}`, { signal }),
  });

