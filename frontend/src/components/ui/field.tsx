import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
  hideLabel?: boolean;
}

/** Label, control, hint and error of one form field. */
export function FieldShell({ id, label, error, hint, children, className, hideLabel }: FieldShellProps) {
  return (
    <div className={`field ${error ? "field-invalid" : ""} ${className ?? ""}`}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "field-label"}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error: unknown, hint: unknown): string | undefined {
  return [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  /** The error text under the field (also sets `aria-invalid`). */
  error?: string | null | undefined;
  /** Red border without a text (e.g. touched and empty). */
  invalid?: boolean;
  hint?: ReactNode;
  hideLabel?: boolean;
  /** Content after the input inside the field (e.g. a '%' suffix or a button). */
  end?: ReactNode;
  fieldClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error; works with react-hook-form's `register` (ref as a prop). */
export function TextField({
  label,
  error,
  invalid,
  hint,
  hideLabel,
  end,
  fieldClassName,
  id,
  className,
  ...rest
}: TextFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const bad = Boolean(error) || Boolean(invalid);
  return (
    <FieldShell
      id={inputId}
      label={label}
      error={error}
      hint={hint}
      hideLabel={hideLabel}
      className={fieldClassName}
    >
      <div className={end ? "input-group" : undefined}>
        <input
          id={inputId}
          className={`input ${bad ? "input-invalid" : ""} ${className ?? ""}`}
          aria-invalid={bad || undefined}
          aria-describedby={describedBy(inputId, error, hint)}
          {...rest}
        />
        {end}
      </div>
    </FieldShell>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, hint, id, className, ...rest }: TextAreaFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <textarea
        id={inputId}
        className={`input ${error ? "input-invalid" : ""} ${className ?? ""}`}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...rest}
      />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  options: readonly SelectOption[];
  error?: string | null | undefined;
  hint?: ReactNode;
  hideLabel?: boolean;
  /** A first, empty option (e.g. 'Choose...'). */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select. */
export function SelectField({
  label,
  options,
  error,
  hint,
  hideLabel,
  placeholder,
  id,
  className,
  ...rest
}: SelectFieldProps) {
  const auto = useId();
  const selectId = id ?? auto;
  return (
    <FieldShell id={selectId} label={label} error={error} hint={hint} hideLabel={hideLabel}>
      <select
        id={selectId}
        className={`input select ${error ? "input-invalid" : ""} ${className ?? ""}`}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={describedBy(selectId, error, hint)}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export interface ToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  disabled?: boolean;
  /** Hide the label visually (it still names the switch). */
  hideLabel?: boolean;
  id?: string;
}

/** An on/off switch (`role="switch"`). */
export function Toggle({ checked, onChange, label, disabled, hideLabel, id }: ToggleProps) {
  const auto = useId();
  const toggleId = id ?? auto;
  return (
    <span className="toggle-field">
      <button
        id={toggleId}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${toggleId}-label`}
        className={`toggle ${checked ? "toggle-on" : ""}`}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="toggle-knob" aria-hidden="true" />
      </button>
      <span id={`${toggleId}-label`} className={hideLabel ? "sr-only" : "toggle-label"}>
        {label}
      </span>
    </span>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  label: ReactNode;
  hideLabel?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, hideLabel, id, ...rest }: CheckboxProps) {
  const auto = useId();
  const boxId = id ?? auto;
  return (
    <span className="checkbox-field">
      <input id={boxId} type="checkbox" {...rest} />
      <label htmlFor={boxId} className={hideLabel ? "sr-only" : undefined}>
        {label}
      </label>
    </span>
  );
}

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  description?: ReactNode;
}

export interface RadioGroupProps<V extends string> {
  legend: ReactNode;
  name: string;
  options: readonly RadioOption<V>[];
  value: V;
  onChange: (value: V) => void;
  /** Options side by side (cards) instead of a list. */
  inline?: boolean;
}

/** A fieldset of radio buttons with optional descriptions. */
export function RadioGroup<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  inline,
}: RadioGroupProps<V>) {
  const base = useId();
  return (
    <fieldset className={`radio-group ${inline ? "radio-group-inline" : ""}`}>
      <legend className="field-label">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={`radio-option ${option.value === value ? "radio-option-selected" : ""}`}
          htmlFor={`${base}-${option.value}`}
        >
          <input
            id={`${base}-${option.value}`}
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span className="radio-text">
            <span className="radio-label">{option.label}</span>
            {option.description && <span className="radio-description">{option.description}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
