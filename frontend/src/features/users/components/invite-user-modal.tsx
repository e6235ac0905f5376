import { zodResolver } from "@hookform/resolvers/zod";
import { emailFormSchema } from "@pacer/core/validation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { RadioGroup, TextField } from "../../../components/ui/field";
import { CopyIcon } from "../../../components/ui/icons";
import { Modal } from "../../../components/ui/modal";
import { errorMessage } from "../../../lib/api-client";
import type { UserType } from "../../../lib/auth";
import { copyLink } from "../../../lib/clipboard";
import { showFormError } from "../../../lib/forms";
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
  const [link, setLink] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: "" },
    mode: "onChange",
  });
  const { errors, isValid, touchedFields } = form.formState;
  const onInvite = form.handleSubmit(({ email }) =>
    emailInvite.mutate(
      { userType, email },
      {
        onSuccess: (data) => {
          notify.success(data.msg ?? `Invitation email sent to ${email}`);
          onClose();
        },
        onError: (error) => showFormError(form, error, { fields: { "newUser.email": "email" } }),
      },
    ),
  );
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
              linkInvite.mutate(
                { userType },
                {
                  onSuccess: (data) => setLink(data.link ?? null),
                  onError: (error) => notify.danger(errorMessage(error)),
                },
              )
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
        <form className="copy-row" noValidate onSubmit={onInvite}>
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            error={touchedFields.email || errors.email?.type === "server" ? errors.email?.message : undefined}
            {...form.register("email")}
          />
          <Button type="submit" variant="primary" disabled={!isValid} isLoading={emailInvite.isPending}>
            Invite User
          </Button>
        </form>
      </section>
    </Modal>
  );
}
