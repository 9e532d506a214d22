import { useEffect, useRef } from "preact/hooks";
import { updateSettings, useSettings } from "../shell/settings";

export function SettingsPanel({ onClose }: { onClose: () => void }) {
  const settings = useSettings();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={dialog} class="settings" aria-labelledby="settings-title" onClose={onClose}>
      <h2 id="settings-title">Settings</h2>
      <label class="toggle">
        <input
          type="checkbox"
          name="sound"
          checked={settings.sound}
          onChange={(e) => updateSettings({ sound: e.currentTarget.checked })}
        />
        <span>Sound effects</span>
      </label>
      <label class="toggle">
        <input
          type="checkbox"
          name="reducedMotion"
          checked={settings.reducedMotion}
          onChange={(e) => updateSettings({ reducedMotion: e.currentTarget.checked })}
        />
        <span>Reduced motion</span>
      </label>
      <form method="dialog">
        <button type="submit" class="button primary">
          Done
        </button>
      </form>
    </dialog>
  );
}
