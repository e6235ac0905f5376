import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Avatar } from "../../../components/ui/avatar";
import { Button, IconButton } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/field";
import { EditIcon, LogOutIcon } from "../../../components/ui/icons";
import { type CurrentUser, isViewer } from "../../../lib/auth";
import { notify } from "../../../lib/notify";
import { useUpdateAccountCurrency, useUpdateAccountName, useUpdateUserName } from "../api/account";
import { CURRENCIES } from "./currencies";

const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({ value: code, label: code }));

/** Names are sent as entered; no other bounds (spec section 5). */
const SettingsSchema = z.object({
  accountName: z.string(),
  currency: z.string(),
  userName: z.string(),
});
type Settings = z.infer<typeof SettingsSchema>;

export interface AccountSettingsFormProps {
  user: CurrentUser;
  onChangeAvatar: () => void;
  onChangePassword: () => void;
  onLogout: () => void;
  onSaved?: () => void;
}

/**
 * Account Settings (spec overview-access-account.md 2.9): the account section (name and currency,
 * hidden for Viewers) and the user section (read-only e-mail, name, masked password with an edit
 * icon opening Change Password). A click on the avatar opens Change Avatar.
 */
export function AccountSettingsForm({
  user,
  onChangeAvatar,
  onChangePassword,
  onLogout,
  onSaved,
}: AccountSettingsFormProps) {
  const viewer = isViewer(user);
  const defaults: Settings = {
    accountName: user.account.name,
    currency: user.account.currency ?? "GBP",
    userName: user.name,
  };
  const form = useForm<Settings>({ resolver: zodResolver(SettingsSchema), defaultValues: defaults });
  const accountName = useUpdateAccountName(user.account._id);
  const currency = useUpdateAccountCurrency(user.account._id);
  const userName = useUpdateUserName(user._id);
  const saving = accountName.isPending || currency.isPending || userName.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    const calls: Promise<unknown>[] = [];
    if (!viewer && values.accountName !== defaults.accountName)
      calls.push(accountName.mutateAsync(values.accountName));
    if (!viewer && values.currency !== defaults.currency) calls.push(currency.mutateAsync(values.currency));
    if (values.userName !== defaults.userName) calls.push(userName.mutateAsync(values.userName));
    const results = await Promise.allSettled(calls);
    if (results.every((r) => r.status === "fulfilled")) {
      notify.success("Settings saved");
      form.reset(values);
      onSaved?.();
    }
  });

  return (
    <form id="account-settings-form" onSubmit={onSubmit} noValidate>
      <div className="settings-identity">
        <button type="button" className="avatar-button" onClick={onChangeAvatar} aria-label="Change Avatar">
          <Avatar src={user.avatar} name={user.name || user.email} size={64} />
        </button>
        <div style={{ flex: 1 }}>
          <strong>{user.name || user.email}</strong>
          <div className="muted">
            {user.userType} · {user.account.name}
          </div>
        </div>
        <Button icon={<LogOutIcon />} onClick={onLogout}>
          Log Out
        </Button>
      </div>
      {!viewer && (
        <section className="settings-section" aria-labelledby="account-section-title">
          <h3 id="account-section-title" className="section-title">
            Account
          </h3>
          <div className="form-grid">
            <TextField label="Name" autoComplete="organization" {...form.register("accountName")} />
            <SelectField label="Currency" options={CURRENCY_OPTIONS} {...form.register("currency")} />
          </div>
        </section>
      )}
      <section className="settings-section" aria-labelledby="user-section-title">
        <h3 id="user-section-title" className="section-title">
          User Settings
        </h3>
        <div className="form-grid">
          <TextField label="Email" value={user.email} readOnly />
          <TextField label="Your name" autoComplete="name" {...form.register("userName")} />
        </div>
        <TextField
          label="Password"
          type="password"
          value="••••••••"
          readOnly
          end={<IconButton label="Change Password" icon={<EditIcon />} onClick={onChangePassword} />}
        />
      </section>
      <div className="row" style={{ justifyContent: "flex-end" }}>
        <Button type="submit" variant="primary" disabled={!form.formState.isDirty} isLoading={saving}>
          SAVE CHANGES
        </Button>
      </div>
    </form>
  );
}
