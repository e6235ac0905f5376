import { notify } from "./notify";

/** Copies `text` and shows 'Link copied' (spec 2.11, 2.12). Falls back to a selection copy. */
export async function copyLink(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  notify.success("Link copied");
}
