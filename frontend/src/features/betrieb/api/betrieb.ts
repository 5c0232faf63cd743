import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { AuditInfo } from '@/components/Historisierung';
import { betriebKeys } from './keys';

// The operation as GET /api/betrieb/{id} answers it (the lead's contract; not in openapi.yaml
// yet — switch to the generated types when the Betrieb area is added there).

export type Freigabestatus = 'BEANTRAGT' | 'FREIGEGEBEN' | 'ABGEWIESEN';

/** The six operation types (spec 000 §1); typ of the create route is one of them. */
export const BETRIEBSTYPEN = ['INDUSTRIE', 'KOMMUNAL', 'KANAL_KOMMUNAL', 'KANAL_INDUSTRIE', 'PRIVAT', 'AUSSERHALB_RLP'] as const;
export type Betriebstyp = (typeof BETRIEBSTYPEN)[number];

export const istBetriebstyp = (v: string | null): v is Betriebstyp => BETRIEBSTYPEN.includes(v as Betriebstyp);

export interface Eintrag<I = string> {
  id: I;
  value: string;
}

export interface Adresse {
  strasse?: string;
  hausnummer?: string;
  plz?: string;
  ort?: string;
}

export interface Produktion {
  taetigkeiten: string[] | null;
  produktbezeichnungen: string[] | null;
  produktionsverfahren: string[] | null;
  produktionsarten: string[] | null;
  produktionstage: number | null;
  bezugsjahrProduktion: number | null;
  anzahlBeschaeftigte: number | null;
  tagesarbeitszeitVon: string;
  tagesarbeitszeitBis: string;
}

export interface Wasserversorgung {
  oeffentlWasserversorgung: boolean;
  wasserbezug: number | null;
  bezugsjahrWv: number | null;
  eigenversorgung: number | null;
  wvbNr: string;
  betriebInSchutzgebiet: boolean;
}

export interface Kontakt {
  anrede: string;
  titel: string;
  vorname: string;
  name: string;
  telefon: string;
  mobil: string;
  email: string;
  funktion: string;
}

/** An authority user responsible for the operation; bearbeiter is the Datascout-ID. */
export interface ZustaendigerBearbeiter {
  id: number;
  bearbeiter: string;
  name?: string;
}

/** A user of the operator and what they are responsible for; person is the name shown. */
export interface ZustaendigePerson {
  id: number;
  person?: string;
  zustaendig: string[];
}

/** What the caller may do with this operation (decided by the server). */
export interface BetriebRechte {
  bearbeiten: boolean;
  alsBetreiberSpeichern: boolean;
  alsAdminSpeichern: boolean;
  freigeben: boolean;
  antragStellen: boolean;
  antragPruefen: boolean;
  verlaufLesen: boolean;
  dateienBearbeiten: boolean;
}

export interface Betrieb {
  id: number;
  version: number;
  betriebsId: string;
  betriebstyp: Eintrag;
  freigabestatus: Freigabestatus;
  freigabeKommentar?: string;
  bezeichnung: string;
  adresse: Adresse;
  betreiber: { id: number; bezeichnung: string; adresse?: Adresse } | null;
  betreiberAdresse: boolean;
  betriebsstatus: Eintrag;
  behoerde: Eintrag<number> | null;
  muttergesellschaft?: string;
  url?: string;
  iedRelevanz: boolean;
  prtrRelevanz: boolean;
  prtrNr?: string;
  haupttaetigkeit?: string;
  nacecode?: string;
  katasterNr?: string;
  arbeitsstaettenNr?: string;
  behoerdenkennung?: string;
  lage: { hochwert: number | null; rechtswert: number | null };
  produktion: Produktion | null;
  wasserversorgung: Wasserversorgung | null;
  kontakte: Kontakt[] | null;
  zustaendigeBearbeiter: ZustaendigerBearbeiter[] | null;
  zustaendigePersonen: ZustaendigePerson[] | null;
  gueltigAb?: string;
  stammdatenAntragOffen?: boolean;
  /** Missing on versions of the history. */
  rechte?: BetriebRechte;
}

/** The body of POST /api/betrieb?typ=…, PUT …/betriebsdaten and PUT /api/betrieb/{id}. */
export interface BetriebEingabe {
  bezeichnung: string;
  adresse: Required<Adresse>;
  betreiber: { id: number } | null;
  betreiberAdresse: boolean;
  betriebsstatus: { id: string } | null;
  behoerde: { id: number } | null;
  muttergesellschaft: string;
  url: string;
  iedRelevanz: boolean;
  prtrRelevanz: boolean;
  prtrNr: string;
  haupttaetigkeit: string;
  nacecode: string;
  katasterNr: string;
  arbeitsstaettenNr: string;
  behoerdenkennung: string;
  lage: { hochwert: number | null; rechtswert: number | null };
  produktion: Produktion;
  wasserversorgung: Wasserversorgung;
  kontakte: Kontakt[];
  zustaendigeBearbeiter: { id: number; bearbeiter: string }[];
  zustaendigePersonen: { id: number; zustaendig: string[] }[];
  version?: number;
  auditInfo?: AuditInfo;
  skipBetriebExistsCheck?: boolean;
  preserveBetreiberAsAbwasserbeseitigungspflichtigen?: boolean;
}

/** The answer of a write: {id, message, version, position}. */
export interface Gespeichert {
  id: number;
  message?: string;
  version?: number;
  position?: number;
}

/** A version of GET /api/betrieb/{id}/historie (oldest first). */
export interface BetriebVersion {
  gueltigAb?: string;
  gueltigBis?: string;
  aenderungsgrund?: string;
  geaendertAm?: string;
  geaendertVon?: string;
  aktuell: boolean;
  betrieb: Betrieb;
}

/** An event of GET /api/betrieb/{id}/verlauf, with the fields it changed. */
export interface VerlaufEintrag {
  version: number;
  position: number;
  /** RFC 3339 */
  zeitpunkt: string;
  akteur: string;
  ereignis: string;
  zusammenfassung: string;
  aenderungen: { feld: string; bezeichnung?: string; alt: unknown; neu: unknown }[] | null;
}

export const pfad = (id: string) => `/betrieb/${encodeURIComponent(id)}`;

/** GET /api/betrieb/{id}: fresh, so 'Änderungen verwerfen' and a save show the stored data. */
export const betriebQuery = (id: string) =>
  queryOptions({
    queryKey: betriebKeys.daten(id),
    queryFn: ({ signal }) => api.get<Betrieb>(pfad(id), { signal }),
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
