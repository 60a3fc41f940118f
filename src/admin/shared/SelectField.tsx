import { fieldClass, labelClass } from "./fields.ts";

/** A labelled choice of a form: its options as [value, label], the first usually "any". */
export function SelectField({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <div className="min-w-56 grow">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={fieldClass}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
