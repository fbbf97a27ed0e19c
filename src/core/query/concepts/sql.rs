//! Concept rows for SQL, and how SQL is lexed: `--` comments, keywords in any case (rows are
//! written in lower case and match `SELECT` as well as `select`).

use super::{Concept, Family, Syntax, quote, strong, weak};

pub(super) static FAMILY: Family = Family {
    languages: &["sql"],
    syntax: Syntax {
        line_comments: &["--"],
        hash_at_word_start: false,
        block_comments: &[("/*", "*/")],
        quotes: &[
            quote("'", "'", false, false, None),
            quote("\"", "\"", false, false, None),
        ],
        string_prefixes: &[],
        operators: &["<>", "!=", "<=", ">=", "||", "::", ":="],
        fold_case: true,
        shell_words: false,
        lifetimes: false,
    },
    concepts: CONCEPTS,
};

#[rustfmt::skip]
const CONCEPTS: &[Concept] = &[
    strong("sql-select-star", &["select *", "select distinct *", ". *"], "select columns"),
    strong("sql-indexes", &[
        "create index", "create unique index", "create clustered index",
        "create nonclustered index", "drop index",
    ], "indexes"),
    strong("sql-transactions", &[
        "^ begin $end", "^ begin ;", "begin transaction", "begin tran", "start transaction",
        "^ commit", "^ rollback", "savepoint",
    ], "transactions"),
    strong("sql-schema-changes", &["alter table", "drop table", "drop column", "add column"],
        "migrations schema"),
    strong("sql-foreign-keys", &["foreign key", "references $id ("], "foreign keys constraints"),
    strong("sql-procedures", &[
        "create procedure", "create proc", "create or alter procedure",
        "create or replace procedure", "create function", "create or replace function",
    ], "stored procedures"),
    strong("sql-nolock", &["nolock"], "nolock locking"),
    strong("sql-cursors", &["cursor for", "declare .. cursor"], "cursors"),
    strong("sql-cte", &["^ with $id as (", "^ with recursive", ") , $id as ("],
        "cte common table expressions"),
    strong("sql-dynamic", &["exec (", "execute (", "sp_executesql", "execute immediate"],
        "dynamic sql injection"),
    strong("sql-leading-wildcard", &["like $str^'%"], "wildcards performance"),
    strong("sql-insert-without-columns", &["insert into $id values"], "insert columns"),
    weak("sql-joins", &["join"], "joins"),
    weak("sql-tables", &["create table"], "tables schema"),
    weak("sql-primary-keys", &["primary key"], "primary keys"),
    weak("sql-not-null", &["$noprev:is not null"], "constraints"),
    weak("sql-subqueries", &["( select"], "subqueries"),
    weak("sql-grouping", &["group by", "having"], "aggregation grouping"),
];
