/**
 * The header row index.html draws before the script has run (`.sb-boot`, styled in index.html itself: decisions
 * 047, 153), for React to draw again while the signed-in header renders behind it.
 */
export function BootRow() {
  return (
    <div className="sb-boot" aria-hidden="true">
      <span className="sb-boot-logo" />
      Signalboard
    </div>
  );
}
