import type { ReactNode } from "react";
import { Button } from "../ui/button";
import { FullScreenModal } from "../ui/full-screen-modal";
import { Spinner } from "../ui/spinner";

/**
 * The frame of the Create Pod and Create Shared Budget wizards (spec
 * pods-budgets-alerts-users-connections.md 2.4, 2.7 and 4): a full-screen modal with numbered steps
 * (Escape and the close button close it), PROCEED while a step follows (disabled until the step's
 * rule holds), and on the last step CREATE, replaced by a spinner while the request runs.
 */
export function GroupWizard({
  title,
  steps,
  step,
  onStepChange,
  canOpenStep,
  canProceed,
  canCreate,
  creating,
  creatingLabel,
  onCreate,
  onClose,
  children,
}: {
  title: string;
  steps: readonly string[];
  /** The current step, 0-based. */
  step: number;
  onStepChange: (step: number) => void;
  /** Whether a step heading opens its step. */
  canOpenStep: (index: number) => boolean;
  /** Whether PROCEED leaves the current step. */
  canProceed: boolean;
  canCreate: boolean;
  creating: boolean;
  creatingLabel: string;
  onCreate: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const last = step === steps.length - 1;
  let footer: ReactNode;
  if (!last)
    footer = (
      <Button variant="primary" disabled={!canProceed} onClick={() => onStepChange(step + 1)}>
        PROCEED
      </Button>
    );
  else if (creating) footer = <Spinner label={creatingLabel} />;
  else
    footer = (
      <Button variant="primary" disabled={!canCreate} onClick={onCreate}>
        CREATE
      </Button>
    );
  return (
    <FullScreenModal
      open
      onClose={onClose}
      title={title}
      steps={steps}
      step={step}
      onStepChange={onStepChange}
      canOpenStep={canOpenStep}
      footer={footer}
    >
      {children}
    </FullScreenModal>
  );
}

/** One step's section, named by its heading. */
export function WizardStep({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className="stack wizard-step" aria-labelledby={id}>
      <h3 id={id}>{heading}</h3>
      {children}
    </section>
  );
}
