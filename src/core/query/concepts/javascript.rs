//! Concept rows for JavaScript and TypeScript (React hooks included), and how they are lexed
//! (template literals may span lines; one with `${` is interpolated).

use super::{Concept, Family, Syntax, quote, strong, weak};

/// Rows about TypeScript's type system.
const TYPESCRIPT: &[&str] = &["typescript"];

pub(super) static FAMILY: Family = Family {
    languages: &[
        "javascript",
        "typescript",
        "react",
        "vue",
        "svelte",
        "angular",
    ],
    syntax: Syntax {
        line_comments: &["//"],
        hash_at_word_start: false,
        block_comments: &[("/**", "*/"), ("/*", "*/")],
        quotes: &[
            quote("`", "`", true, true, Some("${")),
            quote("\"", "\"", false, true, None),
            quote("'", "'", false, true, None),
        ],
        string_prefixes: &[],
        operators: &[
            "===", "!==", "...", "**=", "??=", "||=", "&&=", "==", "!=", "<=", ">=", "=>", "&&",
            "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "**",
        ],
        fold_case: false,
        shell_words: false,
        lifetimes: false,
    },
    concepts: CONCEPTS,
};

#[rustfmt::skip]
const CONCEPTS: &[Concept] = &[
    strong("js-loose-equality", &["==", "!="], "equality comparison"),
    strong("js-string-concatenation", &["$str +", "+ $str", "+= $str"],
        "template literals concatenation"),
    strong("js-var", &["^ var", "for ( var", "^ export var"], "var variables"),
    Concept { only: TYPESCRIPT, ..strong("ts-any", &[
        ": any", "< any >", "as any", "any [ ]", "< any ,", ", any >",
    ], "unknown types") },
    Concept { only: TYPESCRIPT, ..strong("ts-type-assertions", &[
        "as unknown as", "as any", ") as $id", "] as $id", "$id ! .", ") ! .", "] ! .", "$id ! )",
        "$id ! ;",
    ], "type assertions") },
    Concept { only: TYPESCRIPT, ..strong("ts-enums", &[
        "^ enum", "^ export enum", "^ const enum", "^ export const enum", "^ declare enum",
    ], "enums") },
    strong("js-require", &["$noprev:. require (", "module . exports", "^ exports . $id ="],
        "commonjs modules"),
    strong("js-default-export", &["^ export default"], "default exports"),
    strong("js-for-in-of", &[
        "for ( let .. in", "for ( const .. in", "for ( var .. in", "for ( const .. of",
        "for ( let .. of",
    ], "iterators loops"),
    strong("js-object-assign", &["Object . assign ("], "spread objects"),
    strong("js-destructuring", &["const {", "let {", "var {", "const [", "let ["], "destructuring"),
    strong("js-promises", &[
        ". then (", ". catch (", ". finally (", "new Promise (", "Promise . all (",
        "Promise . race (", "Promise . allSettled (", "Promise . resolve (", "Promise . reject (",
    ], "promises async"),
    strong("react-effect", &["useEffect (", "useLayoutEffect (", "React . useEffect ("],
        "useeffect effects dependencies"),
    strong("react-state", &["useState (", "useState <", "useReducer (", "React . useState ("],
        "usestate state hooks"),
    strong("react-memo", &["useMemo (", "useCallback (", "React . memo (", "$noprev:. memo ("],
        "memoization usememo usecallback"),
    strong("js-inner-html", &[
        "dangerouslySetInnerHTML", ". innerHTML =", ". outerHTML =", "document . write (",
    ], "xss security sanitize"),
    strong("react-class-components", &[
        "extends React . Component", "extends Component", "extends React . PureComponent",
        "extends PureComponent",
    ], "class components"),
    strong("react-prop-types", &["PropTypes ."], "proptypes"),
    strong("react-inline-styles", &["style = { {"], "inline styles"),
    strong("js-console", &[
        "console . log (", "console . error (", "console . warn (", "console . info (",
        "console . debug (",
    ], "logging console"),
    strong("js-eval", &["$noprev:. eval (", "new Function ("], "eval security"),
    strong("js-lint-suppression", &[
        "$comment*@ts-ignore", "$comment*@ts-expect-error", "$comment*@ts-nocheck",
        "$comment*eslint-disable",
    ], "lint eslint ignore"),
    strong("js-wrapper-constructors", &[
        "new Array (", "new Object (", "new String (", "new Number (", "new Boolean (",
    ], "literal syntax"),
    strong("js-arguments", &["$noprev:. arguments"], "rest parameters"),
    strong("js-environment", &["process . env", "import . meta . env"], "environment variables"),
    strong("js-mocks", &[
        "jest . mock (", "vi . mock (", "jest . fn (", "vi . fn (", "jest . spyOn (",
        "vi . spyOn (",
    ], "mocking"),
    strong("js-generators", &["function *", "yield"], "generators yield"),
    weak("js-strict-equality", &["===", "!=="], "equality comparison"),
    weak("js-template-literals", &["$fstr", "$str^`"], "template literals"),
    weak("js-let-const", &[
        "^ let", "^ const", "^ export const", "^ export let", "for ( let", "for ( const",
    ], "const variables"),
    weak("js-functions", &[
        "^ function", "^ export function", "^ export default function", "^ async function",
        "= function", ": function", "( function",
    ], "functions"),
    weak("js-arrow-functions", &["=>"], "arrow functions"),
    Concept { only: TYPESCRIPT, ..weak("ts-interfaces", &["^ interface $id", "^ export interface $id"],
        "interfaces") },
    Concept { only: TYPESCRIPT, ..weak("ts-type-aliases", &[
        "^ type $id =", "^ type $id <", "^ export type $id =", "^ export type $id <",
    ], "type aliases") },
    Concept { only: TYPESCRIPT, ..weak("ts-readonly", &["readonly"], "readonly immutability") },
    weak("js-imports", &["^ import .. from", "^ import $str", "^ export .. from"],
        "imports modules"),
    weak("js-named-exports", &[
        "^ export const", "^ export function", "^ export class", "^ export {", "^ export async",
    ], "exports"),
    weak("js-index-loops", &["for ( let $id = 0", "for ( var $id = 0"], "loops"),
    weak("js-array-methods", &[
        ". forEach (", ". map (", ". filter (", ". reduce (", ". find (", ". some (", ". every (",
    ], "arrays iterators"),
    weak("js-spread", &["... $id", "... ("], "spread rest"),
    weak("js-async-await", &["async", "await"], "async await"),
    weak("js-classes", &[
        "^ class", "^ export class", "^ export default class", "^ abstract class",
        "^ export abstract class",
    ], "classes"),
    weak("react-hooks", &["useRef (", "useRef <", "useContext ("], "hooks"),
    weak("react-keys", &["key = {"], "keys lists"),
    weak("js-try-catch", &["^ try {", "} catch (", "} catch {", "^ catch ("], "error handling"),
    weak("js-throw", &["throw new $id", "^ throw"], "errors exceptions"),
    weak("js-optional-chaining", &["?."], "optional chaining"),
    weak("js-nullish-coalescing", &["??", "??="], "nullish coalescing"),
    weak("js-increments", &["++", "--"], "increments unary"),
    weak("js-fetch", &["$noprev:. fetch (", "axios . $id (", "axios ("], "fetching data"),
    weak("js-tests", &[
        "^ describe (", "^ it (", "^ test (", "expect (", "^ beforeEach (", "^ afterEach (",
    ], "tests"),
    weak("js-timers", &["setTimeout (", "setInterval ("], "timers"),
    weak("js-jsdoc", &["^ /**"], "jsdoc comments"),
    weak("js-decorators", &["^ @ $id"], "decorators"),
];
