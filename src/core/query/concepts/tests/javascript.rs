//! JavaScript and TypeScript rows: a line that shows each, and near misses.

use super::{assert_found, assert_not_found};

#[rustfmt::skip]
pub(super) const FOUND: &[(&str, &str, &str)] = &[
    ("javascript", "js-loose-equality", "if (a == b) {"),
    ("javascript", "js-string-concatenation", "const msg = 'Hello, ' + name + '!';"),
    ("javascript", "js-var", "var count = 0;"),
    ("typescript", "ts-any", "function parse(input: any) {"),
    ("typescript", "ts-type-assertions", "const v = document.getElementById('x')!.value;"),
    ("typescript", "ts-type-assertions", "const user = data as unknown as User;"),
    ("typescript", "ts-enums", "export enum Color { Red, Green }"),
    ("javascript", "js-require", "const fs = require('fs');"),
    ("javascript", "js-default-export", "export default function App() {"),
    ("javascript", "js-for-in-of", "for (const key in obj) {"),
    ("javascript", "js-object-assign", "const copy = Object.assign({}, original);"),
    ("javascript", "js-destructuring", "const { name, age } = user;"),
    ("javascript", "js-promises", "fetchUser(id).then((user) => render(user));"),
    ("typescript", "react-effect", "useEffect(() => {"),
    ("typescript", "react-state", "const [count, setCount] = useState(0);"),
    ("typescript", "react-memo", "const total = useMemo(() => sum(items), [items]);"),
    ("javascript", "js-inner-html", "el.innerHTML = html;"),
    ("javascript", "react-class-components", "class App extends React.Component {"),
    ("javascript", "react-prop-types", "Button.propTypes = { label: PropTypes.string };"),
    ("javascript", "react-inline-styles", "<div style={{ color: 'red' }}>"),
    ("javascript", "js-console", "console.log('saved', id);"),
    ("javascript", "js-eval", "const result = eval(code);"),
    ("typescript", "js-lint-suppression", "// @ts-ignore"),
    ("javascript", "js-wrapper-constructors", "const items = new Array(10);"),
    ("javascript", "js-arguments", "const args = Array.prototype.slice.call(arguments);"),
    ("javascript", "js-environment", "const key = process.env.API_KEY;"),
    ("javascript", "js-mocks", "jest.mock('./api');"),
    ("javascript", "js-generators", "function* ids() {"),
    ("javascript", "js-strict-equality", "if (a === b) {"),
    ("javascript", "js-template-literals", "const msg = `Hello, ${name}!`;"),
    ("javascript", "js-let-const", "const limit = 10;"),
    ("javascript", "js-functions", "function total(items) {"),
    ("javascript", "js-arrow-functions", "const double = (n) => n * 2;"),
    ("typescript", "ts-interfaces", "interface User {"),
    ("typescript", "ts-type-aliases", "type Id = string;"),
    ("typescript", "ts-readonly", "readonly id: string;"),
    ("javascript", "js-imports", "import { useState } from 'react';"),
    ("javascript", "js-named-exports", "export const limit = 10;"),
    ("javascript", "js-index-loops", "for (let i = 0; i < n; i++) {"),
    ("javascript", "js-array-methods", "items.forEach((item) => save(item));"),
    ("javascript", "js-spread", "const copy = { ...original };"),
    ("javascript", "js-async-await", "const data = await load();"),
    ("javascript", "js-classes", "class Cart {"),
    ("typescript", "react-hooks", "const ref = useRef(null);"),
    ("javascript", "react-keys", "<li key={item.id}>{item.name}</li>"),
    ("javascript", "js-try-catch", "} catch (err) {"),
    ("javascript", "js-throw", "throw new Error('missing id');"),
    ("javascript", "js-optional-chaining", "const city = user?.address?.city;"),
    ("javascript", "js-nullish-coalescing", "const port = config.port ?? 3000;"),
    ("javascript", "js-increments", "count++;"),
    ("javascript", "js-fetch", "const res = await fetch('/api/users');"),
    ("javascript", "js-tests", "describe('cart', () => {"),
    ("javascript", "js-timers", "setTimeout(() => close(), 1000);"),
    ("javascript", "js-jsdoc", "/** Adds two numbers. */"),
    ("typescript", "js-decorators", "@Component({ selector: 'app-root' })"),
];

#[test]
fn javascript_rows_are_found() {
    assert_found(FOUND);
}

#[test]
#[rustfmt::skip]
fn javascript_near_misses_are_not() {
    assert_not_found(&[
        // `==` inside `===` is not loose equality.
        ("javascript", "js-loose-equality", "if (a === b) {"),
        ("javascript", "js-loose-equality", "if (a !== b) {"),
        ("javascript", "js-loose-equality", "// use == only for null"),
        ("javascript", "js-loose-equality", "const op = '==';"),
        ("javascript", "js-var", "const variance = 2;"),
        ("javascript", "js-string-concatenation", "const sum = a + b;"),
        ("javascript", "js-template-literals", "const s = 'plain';"),
        ("typescript", "react-effect", "// useEffect(() => {})"),
        ("typescript", "ts-type-assertions", "import { parse as parseDate } from 'date';"),
        // A template literal spans lines; its text is not code.
        ("javascript", "js-var", "const sql = `\nvar x = 1\n`;"),
    ]);
}
