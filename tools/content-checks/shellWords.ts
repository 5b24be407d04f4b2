// Splits a shell script into simple commands and their words, enough to read which program a
// documented command runs and with which options. Quotes are honoured (the words keep their text
// without the quotes); command substitutions `$(...)` become commands of their own; operators
// (`|`, `&&`, `||`, `;`, `&`) and newlines end a command; `\` at a line end continues it.
// ShellCheck judges the syntax itself; this only has to be right on scripts that pass it.

export interface SimpleCommand {
  words: string[];
  /** 1-based line of the command's first word in the script. */
  line: number;
}

export function shellCommands(script: string): SimpleCommand[] {
  const commands: SimpleCommand[] = [];
  const substitutions: { text: string; line: number }[] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  let line = 1;
  let start = 1;
  let quote: "'" | '"' | null = null;

  const endWord = () => {
    if (inWord) {
      if (words.length === 0) start = line;
      words.push(word);
    }
    word = '';
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push({ words, line: start });
    words = [];
  };

  for (let i = 0; i < script.length; i++) {
    const c = script[i];
    if (c === '\n') line++;
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
      continue;
    }
    if (c === '\\' && script[i + 1] === '\n') {
      i++;
      line++;
      continue;
    }
    if (c === '\\' && i + 1 < script.length) {
      word += script[++i];
      inWord = true;
      continue;
    }
    if (c === '$' && script[i + 1] === '(' && script[i + 2] !== '(') {
      // Balanced to the matching parenthesis; the inner text is read as a script of its own.
      let depth = 0;
      let j = i + 1;
      for (; j < script.length; j++) {
        if (script[j] === '(') depth++;
        else if (script[j] === ')' && --depth === 0) break;
      }
      substitutions.push({ text: script.slice(i + 2, j), line });
      word += '$(…)';
      inWord = true;
      line += script.slice(i, j).split('\n').length - 1;
      i = j;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = null;
      else word += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
      continue;
    }
    if (c === '#' && !inWord) {
      const end = script.indexOf('\n', i);
      i = (end === -1 ? script.length : end) - 1;
      continue;
    }
    if (c === '\n' || c === ';' || c === '|' || c === '&') {
      endCommand();
      continue;
    }
    if (c === ' ' || c === '\t') {
      endWord();
      continue;
    }
    word += c;
    inWord = true;
  }
  endCommand();
  for (const sub of substitutions) {
    for (const command of shellCommands(sub.text)) commands.push({ ...command, line: sub.line + command.line - 1 });
  }
  return commands;
}

/** The program a command runs and its arguments, past `sudo`, `env` and variable assignments. */
export function programOf(command: SimpleCommand): { program: string; args: string[] } | null {
  const words = [...command.words];
  while (words.length > 0) {
    const first = words[0];
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(first) || first === 'sudo' || first === 'env' || first === 'time') {
      words.shift();
    } else if (first === 'exec' || first === '!') {
      words.shift();
    } else {
      break;
    }
  }
  if (words.length === 0) return null;
  return { program: words[0].replace(/^.*\//, ''), args: words.slice(1) };
}
