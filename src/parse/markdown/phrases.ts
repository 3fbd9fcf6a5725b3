/**
 * "No parameters.", "This tool takes no arguments", "Has no inputs": text that opens by
 * saying a tool takes no parameters. One definition for both uses: tool discovery takes it
 * as evidence that a heading documents a tool, and the tool reader as the statement itself
 * (the match, up to the end of its sentence, is taken out of the description).
 */
export const NO_PARAMS_START =
  /^\s*((this tool )?(takes|accepts|requires|has|needs) no (input )?(parameters|arguments|params|inputs?)\b|no (input )?(parameters|arguments|params|inputs?)\b[^.]*\.?)/i;
