// What both the wizard and the plain prompts say when the user cancels. No Ink, no prompts here.

/** Exit code of a run the user cancelled (Ctrl+C, or Esc on the first screen): 128 + SIGINT, as shells report it. */
export const cancelledExitCode = 130;
export const cancelledMessage = 'Cancelled: nothing was written.';
