import { queryOptions } from '@tanstack/react-query';
import { api, type Antwort, type Schema } from '@/lib/api';
import { istPflicht, PERSON_FELDER, pruefeFormular } from '@/lib/form';
import { FORMULARE } from '@/lib/formregeln';

// The Zuständigkeiten of a file (operation or plant, spec 000 §2/§3): typed-in contacts, users of
// the operator with what they are responsible for, and authority users by Datascout-ID. The
// types, checks and lookups both screens share.

// The types are the API document's (an operation's and a plant's lists), every member the form
// holds present.
type Person = Schema<'Betrieb'>['zustaendigePersonen'][number];

/** A contact person (typed in, not an account). */
export type Kontakt = Required<Schema<'Kontakt'>>;

/** A user of the operator and what they are responsible for; person is the name shown (once known). */
export type ZustaendigePerson = Pick<Person, 'id' | 'zustaendig'> & Partial<Pick<Person, 'person'>>;

/** An authority user responsible for the file; bearbeiter is the Datascout-ID. */
export type ZustaendigerBearbeiter = Required<Pick<Schema<'Bearbeiter'>, 'id' | 'bearbeiter'>> & Pick<Schema<'Bearbeiter'>, 'name'>;

export const MSG_ZUSTAENDIG = 'Es muss mindestens eine Zuständigkeit ausgewählt werden.';

export const LEERER_KONTAKT: Kontakt = { anrede: '', titel: '', vorname: '', name: '', telefon: '', mobil: '', email: '', funktion: '' };

// The contact and responsible-person rows are the same in every form that has them (operations
// and plants): their rules are the operation table's rows (betrieb.KontaktFelder, ZustaendigkeitFelder).

/** A contact by the server's table: Anrede, Vorname, Name, E-Mail and Telefon required; e-mail and phone numbers in their formats (spec 000 §5). */
export function pruefeKontakt(k: Kontakt): Partial<Record<keyof Kontakt, string>> {
  return pruefeFormular(FORMULARE.betrieb, { ...k }, { liste: 'kontakte' }) as Partial<Record<keyof Kontakt, string>>;
}

/** The person fields a contact requires (the server's table). */
export const KONTAKT_PFLICHTFELDER = PERSON_FELDER.filter((feld) => istPflicht(FORMULARE.betrieb, `kontakte[].${feld}`));

/** A responsible person by the server's table: the person and at least one Zuständigkeit. */
export function pruefePerson(z: Pick<ZustaendigePerson, 'id' | 'zustaendig'>): Partial<Record<'person' | 'zustaendig', string>> {
  return pruefeFormular(FORMULARE.betrieb, { ...z }, { liste: 'zustaendigePersonen' });
}

/** The errors of the Zuständigkeiten lists, keyed as the server names them ('kontakte[0].email'). */
export function pruefeZustaendigkeiten(kontakte: Kontakt[], personen: ZustaendigePerson[], bearbeiter: ZustaendigerBearbeiter[] = []): Record<string, string> {
  const f: Record<string, string> = {};
  const zeilen = (liste: string, rows: object[]) =>
    rows.forEach((z, i) => Object.assign(f, pruefeFormular(FORMULARE.betrieb, { ...z }, { liste, prefix: `${liste}[${i}].` })));
  zeilen('kontakte', kontakte);
  zeilen('zustaendigePersonen', personen);
  zeilen('zustaendigeBearbeiter', bearbeiter);
  return f as Record<string, string>;
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
