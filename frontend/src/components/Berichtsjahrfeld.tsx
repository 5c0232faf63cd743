import { useId } from 'react';
import { inputClass } from '@/components/FormField';
import { berichtsjahre } from '@/lib/jahresbericht';

/**
 * The select of a report year (2020 … this year, the newest first), labelled 'Berichtsjahr';
 * with `alle` its first choice is every year (value '').
 */
export function Berichtsjahrfeld({ value, onChange, alle = false }: { value: string; onChange: (jahr: string) => void; alle?: boolean }) {
  const id = useId();
  return (
    <div className="max-w-xs">
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        Berichtsjahr
      </label>
      <select id={id} name="jahr" className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
        {alle && <option value="">Alle Jahre</option>}
        {berichtsjahre().map((j) => (
          <option key={j} value={String(j)}>
            {j}
          </option>
        ))}
      </select>
    </div>
  );
}
