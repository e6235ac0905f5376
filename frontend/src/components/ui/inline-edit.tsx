import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { IconButton } from "./button";
import { CheckIcon, CloseIcon, EditIcon } from "./icons";

export interface InlineEditProps {
  /** The field's name, e.g. 'Name' (labels the input and the edit, confirm and cancel buttons). */
  label: string;
  /** The saved value, as the input starts. */
  value: string;
  /** How the saved value shows when not editing (default: the value). */
  display?: ReactNode;
  /** Saves the typed text; the field leaves edit mode when it resolves. */
  onSave: (text: string) => Promise<unknown> | undefined;
  /** Reports the unsaved text (null when nothing is pending), with the function that saves it. */
  onPendingChange?: (pending: { text: string; save: () => Promise<unknown> } | null) => void;
  /** Suggestions offered while typing (a datalist). */
  suggestions?: readonly string[];
  inputMode?: "text" | "decimal";
  placeholder?: string;
  disabled?: boolean;
}

/**
 * Click to edit: shows the value with an edit button; editing shows an input with confirm (or
 * Enter) and cancel (or Escape, which restores the value).
 */
export function InlineEdit({
  label,
  value,
  display,
  onSave,
  onPendingChange,
  suggestions,
  inputMode = "text",
  placeholder,
  disabled,
}: InlineEditProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const inputId = useId();

  useEffect(() => {
    if (!editing) setDraft(value);
  }, [value, editing]);
  useEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing]);

  const save = async () => {
    setSaving(true);
    try {
      await onSave(draft);
      setEditing(false);
    } finally {
      setSaving(false);
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  const dirty = editing && draft !== value;
  useEffect(() => {
    onPendingChange?.(dirty ? { text: draft, save: () => saveRef.current() } : null);
  }, [dirty, draft, onPendingChange]);

  const cancel = () => {
    setDraft(value);
    setEditing(false);
  };

  if (!editing) {
    return (
      <span className="inline-edit">
        <span className="inline-edit-value">{display ?? (value || "-")}</span>
        <IconButton
          label={`Edit ${label}`}
          icon={<EditIcon size={16} />}
          size="sm"
          onClick={() => setEditing(true)}
          disabled={disabled}
        />
      </span>
    );
  }
  return (
    <span className="inline-edit inline-edit-editing">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <input
        id={inputId}
        ref={inputRef}
        className="input"
        value={draft}
        inputMode={inputMode}
        placeholder={placeholder}
        list={suggestions ? listId : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            void save();
          } else if (event.key === "Escape") {
            event.preventDefault();
            event.stopPropagation();
            cancel();
          }
        }}
      />
      {suggestions && (
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
      <IconButton
        label={`Confirm ${label}`}
        icon={<CheckIcon size={16} />}
        size="sm"
        onClick={() => void save()}
        isLoading={saving}
      />
      <IconButton label={`Cancel ${label}`} icon={<CloseIcon size={16} />} size="sm" onClick={cancel} />
    </span>
  );
}
