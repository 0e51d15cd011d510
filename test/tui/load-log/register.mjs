// `node --import ./register.mjs …`: records every module URL the program resolves, one per line,
// in the file named by EDU_LOAD_LOG. Used to prove which runs load Ink and React.
import {register} from 'node:module';

register('./hooks.mjs', import.meta.url, {data: {log: process.env.EDU_LOAD_LOG}});
