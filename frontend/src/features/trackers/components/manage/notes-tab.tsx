import { useId, useState } from "react";
import { Avatar } from "../../../../components/ui/avatar";
import { Button, IconButton } from "../../../../components/ui/button";
import { EmptyState } from "../../../../components/ui/empty-state";
import { SendIcon, TrashIcon } from "../../../../components/ui/icons";
import type { TrackerDetail } from "../../../../lib/tracker-types";
import { type AutopilotActionView, useAutopilotActions, useAutopilotCall } from "../../api/autopilot";
import {
  type TrackerAlertActivity,
  useAddMessage,
  useDeleteMessage,
  useTrackerAlertActivity,
} from "../../api/tracker";
import { AutopilotActionList } from "./autopilot-actions";

const NO_ACTIVITY: TrackerAlertActivity[] = [];
const NO_ACTIONS: AutopilotActionView[] = [];
const WHEN = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

function newMessageId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Notes & Activity (spec trackers.md section 2): the tracker's messages; an empty text cannot be sent
 * (Enter or SEND; Shift+Enter for a new line); the box is at most 120 px high; only the author sees
 * the delete icon ('Message deleted'). Below the notes, the tracker's alert activity: each firing
 * and resolution of the alerts the user may see on it; and for Admins and Managers (`canEdit`), the
 * changes AutoPilot made or a user applied (beyond the spec), each applied one with Undo.
 */
export function NotesTab({
  tracker,
  userId,
  canEdit = false,
}: {
  tracker: TrackerDetail;
  userId: string;
  canEdit?: boolean;
}) {
  const [text, setText] = useState("");
  const add = useAddMessage(tracker._id);
  const remove = useDeleteMessage(tracker._id);
  const inputId = useId();
  const messages = tracker.messages ?? [];
  const activity = useTrackerAlertActivity(tracker._id).data ?? NO_ACTIVITY;
  const autopilot = (useAutopilotActions(tracker._id, canEdit).data ?? NO_ACTIONS).filter(
    (a) => a.status !== "proposed",
  );
  const autopilotCall = useAutopilotCall(tracker._id);

  const send = () => {
    const value = text.trim();
    if (!value || add.isPending) return;
    add.mutate({ id: newMessageId(), text: value }, { onSuccess: () => setText("") });
  };

  return (
    <div className="notes-tab stack">
      {messages.length === 0 ? (
        <EmptyState title="No notes yet" />
      ) : (
        <ul className="message-list">
          {messages.map((m) => (
            <li key={m.id}>
              <Avatar src={m.avatar} name={m.title || "?"} size={30} />
              <div className="message-body">
                <p className="message-meta">
                  <strong>{m.title}</strong> <span className="muted">{WHEN.format(new Date(m.date))}</span>
                </p>
                <p className="message-text">{m.text}</p>
              </div>
              {m.senderId === userId && (
                <IconButton
                  label="Delete message"
                  icon={<TrashIcon size={16} />}
                  size="sm"
                  onClick={() => remove.mutate(m.id)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {activity.length > 0 && (
        <section aria-label="Alert activity">
          <h3 className="field-label">Alert activity</h3>
          <ul className="message-list">
            {activity.map((a) => (
              <li key={a.id}>
                <p className="message-text">
                  Alert <strong>{a.alertName}</strong> {a.outcome === "fired" ? "fired" : "resolved"}{" "}
                  <span className="muted">{WHEN.format(new Date(a.at))}</span>
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {autopilot.length > 0 && (
        <section aria-label="AutoPilot activity">
          <h3 className="field-label">AutoPilot activity</h3>
          <AutopilotActionList
            label="AutoPilot actions"
            actions={autopilot}
            currency={tracker.currency}
            busy={autopilotCall.isPending}
            onUndo={(actionId) => autopilotCall.mutate({ verb: "undo", actionId })}
          />
        </section>
      )}
      <div className="message-compose">
        <label htmlFor={inputId} className="sr-only">
          Write a note
        </label>
        <textarea
          id={inputId}
          className="input message-input"
          placeholder="Write a note"
          rows={2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              send();
            }
          }}
        />
        <Button
          variant="primary"
          icon={<SendIcon size={16} />}
          onClick={send}
          disabled={!text.trim()}
          isLoading={add.isPending}
        >
          SEND
        </Button>
      </div>
    </div>
  );
}
