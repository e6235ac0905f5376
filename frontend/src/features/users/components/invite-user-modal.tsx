import { canInviteByEmail } from "@pacer/core/validation";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { RadioGroup, TextField } from "../../../components/ui/field";
import { CopyIcon } from "../../../components/ui/icons";
import { Modal } from "../../../components/ui/modal";
import type { UserType } from "../../../lib/auth";
import { copyLink } from "../../../lib/clipboard";
import { notify } from "../../../lib/notify";
import { useInviteUser } from "../api/users";
import { USER_TYPE_OPTIONS } from "./user-types";

/**
 * Invite User (spec 2.11): a user type (default Admin), then either a copyable invitation link of the
 * shape register-invited-user/{accountId}/{userType}/false ('Link copied'), or an e-mail invitation
 * ('Invite User', enabled for a valid address).
 */
export function InviteUserModal({ onClose }: { onClose: () => void }) {
  const [userType, setUserType] = useState<UserType>("Admin");
  const [email, setEmail] = useState("");
  const [link, setLink] = useState<string | null>(null);
  const linkInvite = useInviteUser();
  const emailInvite = useInviteUser();

  return (
    <Modal open onClose={onClose} title="Invite a User" size="md">
      <RadioGroup<UserType>
        legend="User type"
        name="invite-user-type"
        value={userType}
        onChange={(value) => {
          setUserType(value);
          setLink(null);
        }}
        options={USER_TYPE_OPTIONS}
      />
      <section className="settings-section" aria-labelledby="invite-link-title">
        <h3 id="invite-link-title" className="section-title">
          Share an invitation link
        </h3>
        {link ? (
          <div className="copy-row">
            <TextField label="Invitation link" readOnly value={link} onClick={() => void copyLink(link)} />
            <Button icon={<CopyIcon />} onClick={() => void copyLink(link)}>
              Copy Link
            </Button>
          </div>
        ) : (
          <Button
            isLoading={linkInvite.isPending}
            onClick={() =>
              linkInvite.mutate({ userType }, { onSuccess: (data) => setLink(data.link ?? null) })
            }
          >
            Create invitation link
          </Button>
        )}
      </section>
      <section className="settings-section" aria-labelledby="invite-email-title">
        <h3 id="invite-email-title" className="section-title">
          Or invite by email
        </h3>
        <form
          className="copy-row"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!canInviteByEmail(email)) return;
            emailInvite.mutate(
              { userType, email },
              {
                onSuccess: (data) => {
                  notify.success(data.msg ?? `Invitation email sent to ${email}`);
                  onClose();
                },
              },
            );
          }}
        >
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button
            type="submit"
            variant="primary"
            disabled={!canInviteByEmail(email)}
            isLoading={emailInvite.isPending}
          >
            Invite User
          </Button>
        </form>
      </section>
    </Modal>
  );
}
