/*
 * The inbox's one script, served at /admin/scripts/copy-text.js to the pages that offer a text to copy (the
 * decline letter): it shows each `button[data-copy]` and puts the text of the field it names on the
 * clipboard. Without it the button stays hidden and the field, read-only, can be selected and copied by
 * hand; the same text is also a download and a link to the mail program.
 */
for (const button of document.querySelectorAll("button[data-copy]")) {
  const field = document.getElementById(button.dataset.copy ?? "");
  const status = document.getElementById(button.dataset.copyStatus ?? "");
  if (!(field instanceof HTMLTextAreaElement) || !status || !navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(field.value);
      status.textContent = button.dataset.copied ?? "";
    } catch {
      // Refused (no permission, or the page lost focus): the text is selected for the keyboard's own copy.
      field.focus();
      field.select();
      status.textContent = button.dataset.copyRefused ?? "";
    }
  });
}
