import { zodResolver } from "@hookform/resolvers/zod";
import {
  accountSettingsFormSchema,
  DIGEST_FREQUENCIES,
  DIGEST_FREQUENCY_LABELS,
  digestFrequencySchema,
} from "@pacer/core/validation";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { Avatar } from "../../../components/ui/avatar";
import { Button, IconButton } from "../../../components/ui/button";
import { SelectField, TextField, Toggle } from "../../../components/ui/field";
import { EditIcon, LogOutIcon } from "../../../components/ui/icons";
import { type CurrentUser, isAdmin, isViewer } from "../../../lib/auth";
import { showFormError } from "../../../lib/forms";
import { notify } from "../../../lib/notify";
import {
  useUpdateAccountCurrency,
  useUpdateAccountName,
  useUpdateNotificationPreferences,
  useUpdateUserName,
} from "../api/account";
import { CURRENCIES } from "./currencies";

const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({ value: code, label: code }));
const DIGEST_OPTIONS = DIGEST_FREQUENCIES.map((value) => ({ value, label: DIGEST_FREQUENCY_LABELS[value] }));

/** The server's name and currency rules (core), plus the user's e-mail and digest choices. */
const SettingsSchema = accountSettingsFormSchema.extend({
  emails: z.boolean(),
  digest: digestFrequencySchema,
});
type Settings = z.input<typeof SettingsSchema>;

export interface AccountSettingsFormProps {
  user: CurrentUser;
  onChangeAvatar: () => void;
  onChangePassword: () => void;
  onLogout: () => void;
  onSaved?: () => void;
}

/**
 * Account Settings (spec overview-access-account.md 2.9 and 6): the account section (name and
 * currency) is editable by Admins only, read-only for Managers and hidden for Viewers; the user
 * section has the read-only e-mail, the name, the masked password with an edit icon opening Change
 * Password, and Email Notifications (turned on again after an unsubscribe link, spec 2.5) with the
 * pacing digest (off, daily or weekly: the off-pace trackers the user may see, by e-mail). A click
 * on the avatar opens Change Avatar. Each change is sent to its call; a refused one shows beside its
 * field.
 */
export function AccountSettingsForm({
  user,
  onChangeAvatar,
  onChangePassword,
  onLogout,
  onSaved,
}: AccountSettingsFormProps) {
  const viewer = isViewer(user);
  const admin = isAdmin(user);
  const emailsId = useId();
  const defaults: Settings = {
    accountName: user.account.name,
    currency: user.account.currency ?? "GBP",
    userName: user.name,
    emails: user.notificationPreferences?.unsubscribedAll !== true,
    digest: user.notificationPreferences?.digest ?? "off",
  };
  const form = useForm({ resolver: zodResolver(SettingsSchema), defaultValues: defaults, mode: "onTouched" });
  const accountName = useUpdateAccountName(user.account._id);
  const currency = useUpdateAccountCurrency(user.account._id);
  const userName = useUpdateUserName(user._id);
  const emails = useUpdateNotificationPreferences();
  const saving = accountName.isPending || currency.isPending || userName.isPending || emails.isPending;
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const calls: Promise<unknown>[] = [];
    const send = (call: Promise<unknown>, fields: Record<string, keyof Settings>) =>
      calls.push(
        call.catch((error: unknown) => {
          showFormError(form, error, { fields });
          throw error;
        }),
      );
    if (admin && values.accountName !== defaults.accountName)
      send(accountName.mutateAsync(values.accountName), { name: "accountName" });
    if (admin && values.currency !== defaults.currency)
      send(currency.mutateAsync(values.currency), { currency: "currency" });
    if (values.userName !== defaults.userName)
      send(userName.mutateAsync(values.userName), { name: "userName" });
    const notifications = {
      ...(values.emails === defaults.emails ? {} : { unsubscribedAll: !values.emails }),
      ...(values.digest === defaults.digest ? {} : { digest: values.digest }),
    };
    if (Object.keys(notifications).length > 0) send(emails.mutateAsync(notifications), { digest: "digest" });
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
          {admin ? (
            <div className="form-grid">
              <TextField
                label="Name"
                autoComplete="organization"
                error={errors.accountName?.message}
                {...form.register("accountName")}
              />
              <SelectField
                label="Currency"
                options={CURRENCY_OPTIONS}
                error={errors.currency?.message}
                {...form.register("currency")}
              />
            </div>
          ) : (
            <>
              <div className="form-grid">
                <TextField label="Name" value={defaults.accountName} readOnly />
                <TextField label="Currency" value={defaults.currency} readOnly />
              </div>
              <p className="muted">Only Admins can change the account's name and currency.</p>
            </>
          )}
        </section>
      )}
      <section className="settings-section" aria-labelledby="user-section-title">
        <h3 id="user-section-title" className="section-title">
          User Settings
        </h3>
        <div className="form-grid">
          <TextField label="Email" value={user.email} readOnly />
          <TextField
            label="Your name"
            autoComplete="name"
            error={errors.userName?.message}
            {...form.register("userName")}
          />
        </div>
        <TextField
          label="Password"
          type="password"
          value="••••••••"
          readOnly
          end={<IconButton label="Change Password" icon={<EditIcon />} onClick={onChangePassword} />}
        />
        <Controller
          control={form.control}
          name="emails"
          render={({ field }) => (
            // The visible label is a <label> of the switch, so a click on the words flips it too.
            <span className="row">
              <Toggle
                id={emailsId}
                checked={field.value}
                onChange={field.onChange}
                label="Email Notifications"
                hideLabel
              />
              <label htmlFor={emailsId}>Email Notifications (alerts)</label>
            </span>
          )}
        />
        <SelectField
          label="Pacing digest"
          options={DIGEST_OPTIONS}
          hint="An e-mail at 08:00 (account time) listing the trackers you can see that are off pace: '% Pace' below 90% or above 110%. Not sent while Email Notifications are off, or when nothing is off pace."
          error={errors.digest?.message}
          {...form.register("digest")}
        />
      </section>
      <div className="row" style={{ justifyContent: "flex-end" }}>
        <Button type="submit" variant="primary" disabled={!isDirty} isLoading={saving}>
          SAVE CHANGES
        </Button>
      </div>
    </form>
  );
}
