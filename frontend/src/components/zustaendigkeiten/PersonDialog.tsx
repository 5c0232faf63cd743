import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { FormularFuss } from '@/components/DialogFuss';
import { MehrfachAuswahl } from '@/components/MehrfachAuswahl';
import { istPflicht, useFokusAufErstenFehler } from '@/lib/form';
import { FORMULARE } from '@/lib/formregeln';
import { Auswahlfeld, mehrfachOptionen, useWerte } from '@/components/felder';
import { personenQuery, pruefePerson, type ZustaendigePerson } from './zustaendigkeiten';

export interface PersonDialogProps {
  betriebId: string;
  /** Without: a new assignment. */
  person?: ZustaendigePerson;
  /** Ids already assigned (not offered again). */
  vergeben: number[];
  onUebernehmen: (p: ZustaendigePerson) => void;
  onClose: () => void;
  hinweis: string;
}

/** A user of the operator and what they are responsible for (at least one Zuständigkeit). */
export function PersonDialog({ betriebId, person, vergeben, onUebernehmen, onClose, hinweis }: PersonDialogProps) {
  const formId = useId();
  const personen = useQuery(personenQuery(betriebId));
  const zustaendigkeiten = useWerte('zustaendigkeit-person');
  const [id, setId] = useState(person ? String(person.id) : '');
  const [zustaendig, setZustaendig] = useState<string[]>(person?.zustaendig ?? []);
  const [fehler, setFehler] = useState<{ person?: string; zustaendig?: string }>({});
  const [formRef, fokusAufFehler] = useFokusAufErstenFehler();

  const optionen = (personen.data ?? [])
    .filter((p) => p.id === person?.id || !vergeben.includes(p.id))
    .map((p) => ({ value: String(p.id), label: p.email ? `${p.name} (${p.email})` : p.name }));
  if (person && !optionen.some((o) => o.value === String(person.id))) {
    optionen.unshift({ value: String(person.id), label: person.person ?? String(person.id) });
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const f = pruefePerson({ id: Number(id) || 0, zustaendig });
    setFehler(f);
    if (f.person || f.zustaendig) {
      fokusAufFehler();
      return;
    }
    const gewaehlt = personen.data?.find((p) => String(p.id) === id);
    onUebernehmen({ id: Number(id), person: gewaehlt?.name ?? person?.person, zustaendig });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={person ? 'Zuständige Person bearbeiten' : 'Zuständige Person hinzufügen'}
      width={600}
      footer={<FormularFuss formId={formId} onAbbrechen={onClose} label="Übernehmen" />}
    >
      <form ref={formRef} id={formId} noValidate onSubmit={onSubmit} aria-label="Zuständige Person" className="flex flex-col gap-4">
        <Auswahlfeld label="Person" name="person" value={id} optionen={optionen} onChange={setId} error={fehler.person} required={istPflicht(FORMULARE.betrieb, 'zustaendigePersonen[].person')} />
        <MehrfachAuswahl
          legend="Zuständigkeiten (mindestens eine)"
          options={mehrfachOptionen(zustaendigkeiten, zustaendig)}
          value={zustaendig}
          onChange={setZustaendig}
          error={fehler.zustaendig}
        />
        <p className="text-sm text-gray-700">{hinweis}</p>
      </form>
    </Dialog>
  );
}
