import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '@/components/Dialog';
import { FormularFuss } from '@/components/DialogFuss';
import { FormField, inputClass } from '@/components/FormField';
import { MSG_PFLICHTFELD } from '@/lib/form';
import { wertelisteQuery } from '@/lib/wertelisten';

/** Asks for the Betriebstyp of a new operation and opens its create route. */
export function BetriebAnlegenDialog({ titel, onClose }: { titel: string; onClose: () => void }) {
  const formId = useId();
  const selectId = useId();
  const navigate = useNavigate();
  const typen = useQuery(wertelisteQuery('betriebstyp'));
  const [typ, setTyp] = useState('');
  const [fehler, setFehler] = useState<string | undefined>();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!typ) {
      setFehler(MSG_PFLICHTFELD);
      document.getElementById(selectId)?.focus();
      return;
    }
    navigate(`/betriebsakte/neu/betriebsdaten?typ=${encodeURIComponent(typ)}`);
  };

  const optionen = (typen.data ?? []).filter((t) => t.schluessel);
  return (
    <Dialog open onClose={onClose} title={titel} width={480} footer={<FormularFuss formId={formId} onAbbrechen={onClose} label="Weiter" />}>
      <form id={formId} noValidate onSubmit={onSubmit} aria-label={titel}>
        <FormField label="Betriebstyp" error={fehler} required>
          <select
            id={selectId}
            name="betriebstyp"
            className={inputClass}
            value={typ}
            onChange={(e) => {
              setTyp(e.target.value);
              setFehler(undefined);
            }}
          >
            <option value="">{optionen.length === 0 ? 'Keine Optionen verfügbar' : 'Bitte auswählen'}</option>
            {optionen.map((t) => (
              <option key={t.id} value={t.schluessel}>
                {t.value}
              </option>
            ))}
          </select>
        </FormField>
      </form>
    </Dialog>
  );
}
