import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { RadioGroup, TextField } from "../../../components/ui/field";
import { CopyIcon } from "../../../components/ui/icons";
import { Modal } from "../../../components/ui/modal";
import { copyLink } from "../../../lib/clipboard";

/** Referral choices (spec overview-access-account.md 2.12 and 9). */
export type ReferralChoice = "mnths" | "amz";

/** The shareable link: /register-referral/{accountId}-{userId}-{choice}/ with lowercased ids. */
export function referralLink(
  origin: string,
  accountId: string,
  userId: string,
  choice: ReferralChoice,
): string {
  return `${origin}/register-referral/${accountId.toLowerCase()}-${userId.toLowerCase()}-${choice}/`;
}

/** The Referral modal: choose the reward, copy the link ('Link copied'). */
export function ReferralModal({
  accountId,
  userId,
  onClose,
}: {
  accountId: string;
  userId: string;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<ReferralChoice>("mnths");
  const link = referralLink(window.location.origin, accountId, userId, choice);
  return (
    <Modal
      open
      onClose={onClose}
      title="Referral Scheme"
      description="Refer another company to Pacer and choose your reward."
      size="md"
    >
      <RadioGroup<ReferralChoice>
        legend="Your reward"
        name="referral-choice"
        inline
        value={choice}
        onChange={setChoice}
        options={[
          {
            value: "mnths",
            label: "Two free months",
            description: "Two months of your subscription for free",
          },
          { value: "amz", label: "Amazon Gift Card", description: "An Amazon Gift Card" },
        ]}
      />
      <div className="copy-row">
        <TextField label="Your referral link" readOnly value={link} onClick={() => void copyLink(link)} />
        <Button icon={<CopyIcon />} onClick={() => void copyLink(link)}>
          Copy Link
        </Button>
      </div>
    </Modal>
  );
}
