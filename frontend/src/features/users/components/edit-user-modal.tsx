import { canUpdateUser } from "@pacer/core/validation";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { RadioGroup, TextField } from "../../../components/ui/field";
import { Modal } from "../../../components/ui/modal";
import type { AccountUser } from "../../../lib/account-users";
import type { UserType } from "../../../lib/auth";
import { notify } from "../../../lib/notify";
import { useUpdateUser } from "../api/users";
import { USER_TYPE_OPTIONS } from "./user-types";

/** Edit User (spec 2.11): Name and 'New User Type'; UPDATE disabled while the name is empty or nothing changed. */
export function EditUserModal({
  user,
  accountId,
  onClose,
}: {
  user: AccountUser;
  accountId: string;
  onClose: () => void;
}) {
  const [name, setName] = useState(user.name);
  const [userType, setUserType] = useState<UserType>(user.userType);
  const update = useUpdateUser(accountId);
  const enabled = canUpdateUser({ name, userType }, { name: user.name, userType: user.userType });
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
            variant="primary"
            disabled={!enabled}
            isLoading={update.isPending}
            onClick={() =>
              update.mutate(
                { _id: user._id, name, userType },
                {
                  onSuccess: () => {
                    notify.success("User Edited");
                    onClose();
                  },
                },
              )
            }
          >
            UPDATE
          </Button>
        </>
      }
    >
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        invalid={name.trim() === ""}
      />
      <RadioGroup<UserType>
        legend="New User Type"
        name="edit-user-type"
        value={userType}
        onChange={setUserType}
        options={USER_TYPE_OPTIONS}
      />
    </Modal>
  );
}
