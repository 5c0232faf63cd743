import { queryOptions } from '@tanstack/react-query';
import { api, type Antwort } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import type { AuditInfo } from '@/components/Historisierung';
import type { VerlaufEintrag } from '@/components/Verlauf';
import { mitStandSchluessel } from '@/lib/stand';
import { betriebKeys } from './keys';

// The operation's types come from the API document (src/lib/api-schema.d.ts, `npm run gen:api`).
// The document marks every member optional (one schema for reading and writing); what the
// server always sends is made required here, once, so the screens need no checks.

type S = components['schemas'];
type BetriebApi = S['Betrieb'];
/** Every member present; a member the document allows to be null stays nullable. */
type Vollstaendig<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type Freigabestatus = NonNullable<BetriebApi['freigabestatus']>;

/** The six operation types (spec 000 §1); typ of the create route is one of them. */
export const BETRIEBSTYPEN = ['INDUSTRIE', 'KOMMUNAL', 'KANAL_KOMMUNAL', 'KANAL_INDUSTRIE', 'PRIVAT', 'AUSSERHALB_RLP'] as const;
export type Betriebstyp = (typeof BETRIEBSTYPEN)[number];

export const istBetriebstyp = (v: string | null): v is Betriebstyp => BETRIEBSTYPEN.includes(v as Betriebstyp);

/** A value-list reference (Schluesselwert: id and display text). */
export type Eintrag = Vollstaendig<S['Schluesselwert']>;
type Betreiber = NonNullable<BetriebApi['betreiber']>;
export type Adresse = S['Adresse'];
export type Produktion = Vollstaendig<NonNullable<BetriebApi['produktion']>>;
export type Wasserversorgung = Vollstaendig<NonNullable<BetriebApi['wasserversorgung']>>;
export type Kontakt = Vollstaendig<NonNullable<BetriebApi['kontakte']>[number]>;
/** An authority user responsible for the operation; bearbeiter is the Datascout-ID. */
export type ZustaendigerBearbeiter = Vollstaendig<Pick<S['Bearbeiter'], 'id' | 'bearbeiter'>> & Pick<S['Bearbeiter'], 'name'>;
/** A user of the operator and what they are responsible for; person is the name shown. */
type PersonApi = NonNullable<BetriebApi['zustaendigePersonen']>[number];
export type ZustaendigePerson = Vollstaendig<Pick<PersonApi, 'id' | 'zustaendig'>> & Pick<PersonApi, 'person'>;

/** What the caller may do with this operation (decided by the server). */
export type BetriebRechte = NonNullable<BetriebApi['rechte']>;

/** Members the server leaves out when empty, and those only a write sends. */
type Optional =
  | 'freigabeKommentar' | 'muttergesellschaft' | 'url' | 'prtrNr' | 'haupttaetigkeit' | 'nacecode' | 'katasterNr'
  | 'arbeitsstaettenNr' | 'behoerdenkennung' | 'gueltigAb' | 'stammdatenAntragOffen';
type NurSchreiben = 'auditInfo' | 'skipBetriebExistsCheck' | 'preserveBetreiberAsAbwasserbeseitigungspflichtigen' | 'anlageToAufnehmendeanlage';

/* eslint-disable no-restricted-syntax -- Frontend, until the document has an answer schema of the
 * operation apart from its write form: the one schema Betrieb marks every member optional and
 * none nullable, while the answer holds them all and nulls the lists and groups an operation
 * does not fill (internal/anwendung/betriebsakte.Ansicht); the members' types are the document's.
 */
/** GET /api/betrieb/{id}. */
export type Betrieb = Vollstaendig<Omit<BetriebApi, Optional | NurSchreiben | 'rechte' | 'betriebstyp' | 'betriebsstatus' | 'behoerde' | 'betreiber' | 'adresse' | 'lage' | 'produktion' | 'wasserversorgung' | 'kontakte' | 'zustaendigeBearbeiter' | 'zustaendigePersonen'>> &
  Pick<BetriebApi, Optional> & {
    betriebstyp: Eintrag;
    betriebsstatus: Eintrag;
    behoerde: Vollstaendig<NonNullable<BetriebApi['behoerde']>> | null;
    betreiber: (Vollstaendig<Pick<Betreiber, 'id' | 'bezeichnung'>> & Pick<Betreiber, 'adresse'>) | null;
    adresse: Adresse;
    lage: { hochwert: number | null; rechtswert: number | null };
    produktion: Produktion | null;
    wasserversorgung: Wasserversorgung | null;
    kontakte: Kontakt[] | null;
    zustaendigeBearbeiter: ZustaendigerBearbeiter[] | null;
    zustaendigePersonen: ZustaendigePerson[] | null;
    /** Missing on versions of the history. */
    rechte?: BetriebRechte;
  };

/** The body of POST /api/betrieb?typ=…, PUT …/betriebsdaten and PUT /api/betrieb/{id}. */
export type BetriebEingabe = Vollstaendig<
  Pick<BetriebApi, 'bezeichnung' | 'betreiberAdresse' | 'muttergesellschaft' | 'url' | 'iedRelevanz' | 'prtrRelevanz' | 'prtrNr' | 'haupttaetigkeit' | 'nacecode' | 'katasterNr' | 'arbeitsstaettenNr' | 'behoerdenkennung'>
> & {
  adresse: Required<Adresse>;
  betreiber: { id: number } | null;
  betriebsstatus: { id: string } | null;
  behoerde: { id: number } | null;
  lage: { hochwert: number | null; rechtswert: number | null };
  produktion: Produktion;
  wasserversorgung: Wasserversorgung;
  kontakte: Kontakt[];
  zustaendigeBearbeiter: { id: number; bearbeiter: string }[];
  zustaendigePersonen: { id: number; zustaendig: string[] }[];
  version?: number;
  auditInfo?: AuditInfo;
} & Pick<BetriebApi, 'skipBetriebExistsCheck'> & { preserveBetreiberAsAbwasserbeseitigungspflichtigen?: boolean };
/* eslint-enable no-restricted-syntax */

/** The answer of a write: {id, message, position} (and the new version). */
export type Gespeichert = S['Befehlsergebnis'];

/** A version of GET /api/betrieb/{id}/historie (oldest first). */
export type BetriebVersion = Omit<Antwort<'getBetriebHistorie'>[number], 'betrieb'> & Record<'betrieb', Betrieb>;

/** An event of GET /api/betrieb/{id}/verlauf, with the fields it changed. */
export type { VerlaufEintrag };

export const pfad = (id: string) => `/betrieb/${encodeURIComponent(id)}`;

/** GET /api/betrieb/{id} once, outside the query (a conflict's 'apply again'); with stand as of that day. */
export const holeBetrieb = (id: string, signal?: AbortSignal, stand?: string) => api.get<Betrieb>(pfad(id), { signal, query: { stand } });

/**
 * GET /api/betrieb/{id}: fresh, so 'Änderungen verwerfen' and a save show the stored data; with
 * stand (yyyy-MM-dd) the operation as of that day, read-only (lib/stand.ts).
 */
export const betriebQuery = (id: string, stand?: string) =>
  queryOptions({
    queryKey: mitStandSchluessel(betriebKeys.daten(id), stand),
    queryFn: ({ signal }) => holeBetrieb(id, signal, stand),
    staleTime: 0,
  });

/** GET /api/betrieb/{id}/historie: the dated versions, oldest first. */
export const historieQuery = (id: string) =>
  queryOptions({
    queryKey: betriebKeys.historie(id),
    queryFn: ({ signal }) => api.get<BetriebVersion[]>(`${pfad(id)}/historie/`, { signal }),
    staleTime: 0,
  });

/** GET /api/betrieb/{id}/verlauf: every event of the operation with its changes (auditors). */
export const verlaufQuery = (id: string) =>
  queryOptions({
    queryKey: betriebKeys.verlauf(id),
    queryFn: ({ signal }) => api.get<VerlaufEintrag[]>(`${pfad(id)}/verlauf/`, { signal }),
    staleTime: 0,
  });

/** GET /api/betrieb/{id}/stand/{version}: the operation as it was after that event. */
export const standQuery = (id: string, version: number) =>
  queryOptions({
    queryKey: betriebKeys.stand(id, version),
    queryFn: ({ signal }) => api.get<Betrieb>(`${pfad(id)}/stand/${version}`, { signal }),
    staleTime: Infinity,
  });
