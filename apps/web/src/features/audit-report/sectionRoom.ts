/**
 * The room a section's questions take before they are drawn. Each question block has
 * `content-visibility: auto` (report.css): until it has been on screen, its content is laid out
 * at the intrinsic size (contain-intrinsic-size: 80 px), whatever it holds, inside the block's
 * 12 px padding and 1 px border above and below: 106 px. The section stacks them with a 12 px gap.
 * A holder of exactly that height (a section before its turn) takes the room its questions will
 * take off screen, so mounting a section above the screen moves nothing on it.
 */
const INTRINSIC = 80;
const PADDING_AND_BORDER = 2 * 12 + 2 * 1;
export const QUESTION_ROOM = INTRINSIC + PADDING_AND_BORDER;
const GAP = 12;

export const questionsRoom = (count: number) => (count > 0 ? count * QUESTION_ROOM + (count - 1) * GAP : 0);
