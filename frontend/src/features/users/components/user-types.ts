import type { RadioOption } from "../../../components/ui/field";
import type { UserType } from "../../../lib/auth";

/** The user type choices with their descriptions (spec 2.11 gives no texts; these follow section 6). */
export const USER_TYPE_OPTIONS: readonly RadioOption<UserType>[] = [
  {
    value: "Admin",
    label: "Admin",
    description: "Full access: settings, billing, connections, users and every tracker",
  },
  { value: "Manager", label: "Manager", description: "Edits the trackers and pods they have access to" },
  {
    value: "Viewer",
    label: "Viewer",
    description: "Sees the trackers and pods granted to them, without editing",
  },
];
