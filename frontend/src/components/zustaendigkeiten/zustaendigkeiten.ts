import { queryOptions } from '@tanstack/react-query';
import { api, type Antwort, type Schema } from '@/lib/api';
import { istEmail, istLeer, istTelefon, MSG_EMAIL, MSG_PFLICHTFELD, MSG_TELEFON } from '@/lib/form';

// The Zuständigkeiten of a file (operation or plant, spec 000 §2/§3): typed-in contacts, users of
// the operator with what they are responsible for, and authority users by Datascout-ID. The
// types, checks and lookups both screens share.

// The types are the API document's (an operation's and a plant's lists), every member the form
// holds present.
type Person = NonNullable<Schema<'Betrieb'>['zustaendigePersonen']>[number];

/** A contact person (typed in, not an account). */
export type Kontakt = Required<Schema<'Kontakt'>>;

/** A user of the operator and what they are responsible for; person is the name shown. */
export type ZustaendigePerson = Required<Pick<Person, 'id' | 'zustaendig'>> & Pick<Person, 'person'>;

/** An authority user responsible for the file; bearbeiter is the Datascout-ID. */
export type ZustaendigerBearbeiter = Required<Pick<Schema<'Bearbeiter'>, 'id' | 'bearbeiter'>> & Pick<Schema<'Bearbeiter'>, 'name'>;

export const MSG_ZUSTAENDIG = 'Es muss mindestens eine Zuständigkeit ausgewählt werden.';

export const LEERER_KONTAKT: Kontakt = { anrede: '', titel: '', vorname: '', name: '', telefon: '', mobil: '', email: '', funktion: '' };

/** A contact: Anrede, Vorname, Name, E-Mail and Telefon required; phone numbers digits with hyphens (spec 000 §5). */
export function pruefeKontakt(k: Kontakt): Partial<Record<keyof Kontakt, string>> {
  const f: Partial<Record<keyof Kontakt, string>> = {};
  for (const feld of ['anrede', 'vorname', 'name', 'email', 'telefon'] as const) if (istLeer(k[feld])) f[feld] = MSG_PFLICHTFELD;
  if (!f.email && !istEmail(k.email)) f.email = MSG_EMAIL;
  if (!f.telefon && !istTelefon(k.telefon)) f.telefon = MSG_TELEFON;
  if (!istLeer(k.mobil) && !istTelefon(k.mobil)) f.mobil = MSG_TELEFON;
  return f;
}

/** The errors of the Zuständigkeiten lists, keyed as the server names them ('kontakte[0].email'). */
export function pruefeZustaendigkeiten(kontakte: Kontakt[], personen: ZustaendigePerson[]): Record<string, string> {
  const f: Record<string, string> = {};
  kontakte.forEach((k, i) => {
    for (const [feld, msg] of Object.entries(pruefeKontakt(k))) if (msg) f[`kontakte[${i}].${feld}`] = msg;
  });
  personen.forEach((z, i) => {
    if (!z.id) f[`zustaendigePersonen[${i}].person`] = MSG_PFLICHTFELD;
    if (z.zustaendig.length === 0) f[`zustaendigePersonen[${i}].zustaendig`] = MSG_ZUSTAENDIG;
  });
  return f;
}

const keys = {
  personen: (betriebId: string) => ['zustaendigkeiten', 'personen', betriebId] as const,
  bearbeiter: () => ['zustaendigkeiten', 'bearbeiter'] as const,
};

/** A user of the operator who can be made responsible (GET /api/person/lokaleRolle/{betriebId}). */
export type PersonAuswahl = Antwort<'getPersonenDesBetriebs'>[number];

export const personenQuery = (betriebId: string) =>
  queryOptions({
    queryKey: keys.personen(betriebId),
    queryFn: ({ signal }) => api.get<PersonAuswahl[]>(`/person/lokaleRolle/${encodeURIComponent(betriebId)}`, { signal }),
  });

/** An authority user with a Datascout-ID (GET /api/bearbeiter). */
export type BearbeiterAuswahl = Schema<'Bearbeiterwahl'>;

export const bearbeiterQuery = () =>
  queryOptions({
    queryKey: keys.bearbeiter(),
    queryFn: ({ signal }) => api.get<BearbeiterAuswahl[]>('/bearbeiter/', { signal }),
  });
