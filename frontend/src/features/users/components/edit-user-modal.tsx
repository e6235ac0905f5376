import { zodResolver } from "@hookform/resolvers/zod";
import { editUserFormSchema } from "@pacer/core/validation";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "../../../components/ui/button";
import { RadioGroup, TextField } from "../../../components/ui/field";
import { Modal } from "../../../components/ui/modal";
import type { AccountUser } from "../../../lib/account-users";
import { USER_TYPES, type UserType } from "../../../lib/auth";
import { showFormError } from "../../../lib/forms";
import { notify } from "../../../lib/notify";
import { useUpdateUser } from "../api/users";
import { USER_TYPE_OPTIONS } from "./user-types";

const EditUserSchema = editUserFormSchema.extend({ userType: z.enum(USER_TYPES) });

/**
 * Edit User (spec 2.11): Name and 'New User Type'; UPDATE disabled while the name is empty or
 * nothing changed. The name follows the server's rule (core's schema); a refusal shows beside its
 * field, or once as a toast (e.g. 'An account needs at least one Admin').
 */
export function EditUserModal({
  user,
  accountId,
  onClose,
}: {
  user: AccountUser;
  accountId: string;
  onClose: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(EditUserSchema),
    defaultValues: { name: user.name, userType: user.userType as UserType },
    mode: "onChange",
  });
  const update = useUpdateUser(accountId);
  const { errors, isDirty, isValid } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { _id: user._id, ...values },
      {
        onSuccess: () => {
          notify.success("User Edited");
          onClose();
        },
        onError: (error) => showFormError(form, error),
      },
    ),
  );
  return (
    <Modal
      open
      onClose={onClose}
      title="Edit User"
      description={user.email}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            form="edit-user-form"
            variant="primary"
            disabled={!isDirty || !isValid}
            isLoading={update.isPending}
          >
            UPDATE
          </Button>
        </>
      }
    >
      <form id="edit-user-form" noValidate onSubmit={onSubmit}>
        <TextField label="Name" error={errors.name?.message} {...form.register("name")} />
        <Controller
          control={form.control}
          name="userType"
          render={({ field }) => (
            <RadioGroup<UserType>
              legend="New User Type"
              name="edit-user-type"
              value={field.value}
              onChange={field.onChange}
              options={USER_TYPE_OPTIONS}
            />
          )}
        />
      </form>
    </Modal>
  );
}
