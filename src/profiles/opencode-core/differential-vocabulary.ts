import { opencodeDifferentialVocabulary } from "../opencode-shared/differential-vocabulary.js";

/** opencode-core's call vocabulary for the differential campaign (opencode's, with this runtime's limits). @see issue 26 item 6 */
export const opencodeCoreDifferentialVocabulary = opencodeDifferentialVocabulary("opencode-core");
