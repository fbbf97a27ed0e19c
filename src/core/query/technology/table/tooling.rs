//! JavaScript and TypeScript tooling and back ends: build tools, linters, Node servers and
//! ORMs, GraphQL, test runners, runtimes, desktop shells, editor and browser extensions,
//! utility libraries and hosting.

use super::super::super::language::Word::{Any, Cased, MidSentence};
use super::super::Package::{Composer, Crate, Go, Maven, Npm, NuGet, PyPI};
use super::{JS, NONE, Technology};

#[rustfmt::skip]
pub(super) static TOOLING: &[Technology] = &[
    Technology {
        name: "storybook",
        words: &[Any("storybook")],
        languages: JS,
        files: &[".storybook/**", "*.stories.{tsx,ts,jsx,js,mdx,svelte,vue}"],
        imports: &["@storybook"],
        commands: &["storybook"],
        packages: &[Npm("storybook"), Npm("@storybook/*")],
        ..NONE
    },
    Technology {
        name: "vite",
        words: &[Any("vite"), Any("vitejs")],
        languages: JS,
        files: &["vite.config.*"],
        imports: &["vite"],
        commands: &["vite"],
        packages: &[Npm("vite")],
        ..NONE
    },
    Technology {
        name: "webpack",
        words: &[Any("webpack")],
        languages: JS,
        files: &["webpack.config.*"],
        imports: &["webpack"],
        commands: &["webpack", "webpack-cli"],
        packages: &[Npm("webpack"), Npm("webpack-cli")],
        ..NONE
    },
    Technology {
        name: "turborepo",
        words: &[Any("turborepo")],
        languages: JS,
        files: &["turbo.json"],
        commands: &["turbo"],
        packages: &[Npm("turbo")],
        ..NONE
    },
    Technology {
        name: "nx",
        words: &[Cased("Nx"), Any("nrwl")],
        languages: JS,
        files: &["nx.json"],
        imports: &["@nx", "@nrwl"],
        commands: &["nx"],
        packages: &[Npm("nx"), Npm("@nx/*"), Npm("@nrwl/*")],
        ..NONE
    },
    Technology {
        name: "eslint",
        words: &[Any("eslint")],
        languages: JS,
        files: &["eslint.config.*", ".eslintrc", ".eslintrc.*"],
        commands: &["eslint"],
        packages: &[Npm("eslint")],
        ..NONE
    },
    Technology {
        name: "prettier",
        words: &[Cased("Prettier")],
        files: &[".prettierrc", ".prettierrc.*", "prettier.config.*"],
        commands: &["prettier"],
        packages: &[Npm("prettier")],
        ..NONE
    },
    Technology {
        name: "biome",
        words: &[Cased("Biome"), Any("biomejs")],
        languages: JS,
        files: &["biome.json", "biome.jsonc"],
        commands: &["biome"],
        packages: &[Npm("@biomejs/biome")],
        ..NONE
    },
    Technology {
        name: "express",
        words: &[Any("express.js"), Any("expressjs"), MidSentence("Express")],
        languages: JS,
        imports: &["express"],
        identifiers: &["express."],
        packages: &[Npm("express")],
        ..NONE
    },
    Technology {
        name: "nestjs",
        words: &[Any("nestjs"), Any("nest.js")],
        languages: JS,
        files: &["nest-cli.json"],
        imports: &["@nestjs"],
        identifiers: &[
            "@Module", "NestFactory", "@Get", "@Post", "@Put", "@Patch", "@Delete", "@Body",
        ],
        commands: &["nest", "@nestjs/cli"],
        packages: &[Npm("@nestjs/core"), Npm("@nestjs/*")],
        ..NONE
    },
    Technology {
        name: "fastify",
        words: &[Any("fastify")],
        languages: JS,
        imports: &["fastify", "@fastify"],
        packages: &[Npm("fastify"), Npm("@fastify/*")],
        ..NONE
    },
    Technology {
        name: "koa",
        words: &[Cased("Koa"), Any("koajs"), Any("koa.js")],
        languages: JS,
        imports: &["koa", "@koa"],
        packages: &[Npm("koa"), Npm("@koa/*")],
        ..NONE
    },
    Technology {
        name: "hono",
        words: &[Any("hono")],
        languages: JS,
        imports: &["hono"],
        packages: &[Npm("hono")],
        ..NONE
    },
    Technology {
        name: "trpc",
        words: &[Any("trpc")],
        languages: JS,
        imports: &["@trpc"],
        packages: &[Npm("@trpc/*")],
        ..NONE
    },
    Technology {
        name: "socket-io",
        words: &[Any("socket.io"), Any("socketio")],
        imports: &["socket.io", "socket.io-client", "socketio"],
        packages: &[Npm("socket.io"), Npm("socket.io-client"), PyPI("python-socketio")],
        ..NONE
    },
    Technology {
        name: "prisma",
        words: &[Any("prisma")],
        languages: JS,
        files: &["*.prisma"],
        imports: &["@prisma/client"],
        identifiers: &["PrismaClient"],
        commands: &["prisma"],
        packages: &[Npm("prisma"), Npm("@prisma/client")],
        ..NONE
    },
    Technology {
        name: "drizzle",
        words: &[Any("drizzle orm"), Any("drizzle-kit"), Cased("Drizzle")],
        languages: JS,
        files: &["drizzle.config.*"],
        imports: &["drizzle-orm"],
        commands: &["drizzle-kit"],
        packages: &[Npm("drizzle-orm"), Npm("drizzle-kit")],
        ..NONE
    },
    Technology {
        name: "typeorm",
        words: &[Any("typeorm")],
        languages: JS,
        imports: &["typeorm"],
        commands: &["typeorm"],
        packages: &[Npm("typeorm")],
        ..NONE
    },
    Technology {
        name: "sequelize",
        words: &[Any("sequelize")],
        languages: JS,
        imports: &["sequelize", "sequelize-typescript"],
        commands: &["sequelize", "sequelize-cli"],
        packages: &[Npm("sequelize")],
        ..NONE
    },
    Technology {
        name: "mongoose",
        words: &[Any("mongoose")],
        languages: JS,
        implies: &["mongodb"],
        imports: &["mongoose"],
        packages: &[Npm("mongoose")],
        ..NONE
    },
    Technology {
        name: "graphql",
        words: &[Any("graphql")],
        files: &["*.graphql", "*.gql", ".graphqlrc", ".graphqlrc.*"],
        imports: &["graphql", "graphql-tag", "graphene", "strawberry"],
        packages: &[
            Npm("graphql"), PyPI("graphene"), PyPI("strawberry-graphql"), PyPI("ariadne"),
            Go("github.com/99designs/gqlgen"),
            Maven("com.graphql-java:*"),
            NuGet("HotChocolate*"), Crate("async-graphql"),
        ],
        ..NONE
    },
    Technology {
        name: "apollo",
        words: &[Any("apollo client"), Any("apollo server"), Any("apollographql"), Any("apollo graphql")],
        implies: &["graphql"],
        files: &["apollo.config.*"],
        imports: &["@apollo"],
        packages: &[Npm("@apollo/*"), Npm("apollo-server*")],
        ..NONE
    },
    Technology {
        name: "jest",
        words: &[Any("jest")],
        languages: JS,
        files: &["jest.config.*"],
        imports: &["@jest/globals"],
        identifiers: &["jest."],
        commands: &["jest"],
        packages: &[Npm("jest"), Npm("ts-jest"), Npm("@types/jest")],
        ..NONE
    },
    Technology {
        name: "vitest",
        words: &[Any("vitest")],
        languages: JS,
        files: &["vitest.config.*", "vitest.workspace.*"],
        imports: &["vitest"],
        identifiers: &["vi."],
        commands: &["vitest"],
        packages: &[Npm("vitest")],
        ..NONE
    },
    Technology {
        name: "mocha",
        words: &[Cased("Mocha"), Any("mochajs")],
        languages: JS,
        files: &[".mocharc", ".mocharc.*"],
        imports: &["mocha"],
        commands: &["mocha"],
        packages: &[Npm("mocha")],
        ..NONE
    },
    Technology {
        name: "testing-library",
        words: &[Any("testing library"), Any("react testing library")],
        languages: JS,
        imports: &["@testing-library"],
        packages: &[Npm("@testing-library/*")],
        ..NONE
    },
    Technology {
        name: "playwright",
        words: &[Any("playwright")],
        languages: &["typescript", "javascript", "python", "csharp", "java"],
        files: &["playwright.config.*"],
        imports: &["@playwright/test", "playwright", "Microsoft.Playwright", "com.microsoft.playwright"],
        commands: &["playwright"],
        packages: &[
            Npm("@playwright/test"), Npm("playwright"), PyPI("playwright"), PyPI("pytest-playwright"),
            NuGet("Microsoft.Playwright*"),
            Maven("com.microsoft.playwright:*"),
        ],
        ..NONE
    },
    Technology {
        name: "cypress",
        words: &[Cased("Cypress"), Any("cypress.io")],
        languages: JS,
        files: &["cypress.config.*", "cypress/**"],
        imports: &["cypress"],
        identifiers: &["cy."],
        commands: &["cypress"],
        packages: &[Npm("cypress")],
        ..NONE
    },
    Technology {
        name: "puppeteer",
        words: &[Any("puppeteer")],
        languages: JS,
        imports: &["puppeteer", "puppeteer-core"],
        packages: &[Npm("puppeteer"), Npm("puppeteer-core")],
        ..NONE
    },
    Technology {
        name: "deno",
        words: &[Any("deno")],
        languages: JS,
        files: &["deno.json", "deno.jsonc", "deno.lock"],
        imports: &["jsr", "https://deno.land"],
        identifiers: &["Deno."],
        commands: &["deno"],
        ..NONE
    },
    Technology {
        name: "bun",
        words: &[Any("bun"), Any("bunjs"), Any("bun.sh")],
        languages: JS,
        files: &["bun.lockb", "bun.lock", "bunfig.toml"],
        imports: &["bun"],
        identifiers: &["Bun."],
        commands: &["bun", "bunx"],
        packages: &[Npm("@types/bun"), Npm("bun-types")],
        ..NONE
    },
    Technology {
        name: "electron",
        words: &[Cased("Electron"), Any("electron.js"), Any("electronjs")],
        languages: JS,
        files: &["electron-builder.*", "forge.config.*"],
        imports: &["electron"],
        commands: &["electron", "electron-builder", "electron-forge"],
        packages: &[Npm("electron"), Npm("electron-builder"), Npm("@electron-forge/*")],
        ..NONE
    },
    Technology {
        name: "tauri",
        words: &[Any("tauri")],
        languages: &["rust", "typescript", "javascript"],
        files: &["tauri.conf.json", "src-tauri/**"],
        imports: &["@tauri-apps", "tauri"],
        commands: &["tauri", "cargo tauri"],
        packages: &[Npm("@tauri-apps/*"), Crate("tauri")],
        ..NONE
    },
    Technology {
        name: "chrome-extension",
        words: &[
            Any("chrome extension"), Any("chrome extensions"), Any("browser extension"),
            Any("browser extensions"), Any("manifest v3"),
        ],
        languages: JS,
        identifiers: &["chrome."],
        packages: &[Npm("@types/chrome"), Npm("webextension-polyfill"), Npm("@crxjs/vite-plugin")],
        ..NONE
    },
    Technology {
        name: "vscode-extension",
        words: &[
            Any("vscode extension"), Any("vs code extension"), Any("visual studio code extension"),
            Any("vscode extensions"),
        ],
        languages: JS,
        files: &[".vscodeignore", "vsc-extension-quickstart.md"],
        imports: &["vscode"],
        packages: &[Npm("@types/vscode"), Npm("vscode"), Npm("@vscode/test-electron"), Npm("@vscode/vsce")],
        ..NONE
    },
    Technology {
        name: "threejs",
        words: &[Any("three.js"), Any("threejs")],
        languages: JS,
        imports: &["three", "@react-three"],
        packages: &[Npm("three"), Npm("@react-three/fiber")],
        ..NONE
    },
    Technology {
        name: "d3",
        words: &[Any("d3.js"), Any("d3js"), Cased("D3")],
        languages: JS,
        imports: &["d3"],
        packages: &[Npm("d3")],
        ..NONE
    },
    Technology {
        name: "lodash",
        words: &[Any("lodash")],
        languages: JS,
        imports: &["lodash", "lodash-es"],
        packages: &[Npm("lodash"), Npm("lodash-es")],
        ..NONE
    },
    Technology {
        name: "axios",
        words: &[Any("axios")],
        languages: JS,
        imports: &["axios"],
        packages: &[Npm("axios")],
        ..NONE
    },
    Technology {
        name: "zod",
        words: &[Any("zod")],
        languages: JS,
        imports: &["zod"],
        packages: &[Npm("zod")],
        ..NONE
    },
    Technology {
        name: "rxjs",
        words: &[Any("rxjs")],
        languages: JS,
        imports: &["rxjs"],
        packages: &[Npm("rxjs")],
        ..NONE
    },
    Technology {
        name: "inertia",
        words: &[Any("inertia.js"), Any("inertiajs")],
        imports: &["@inertiajs"],
        packages: &[Npm("@inertiajs/*"), Composer("inertiajs/inertia-laravel")],
        ..NONE
    },
    Technology {
        name: "convex",
        words: &[Any("convex.dev"), Cased("Convex")],
        languages: JS,
        files: &["convex/_generated/**"],
        imports: &["convex"],
        commands: &["convex"],
        packages: &[Npm("convex")],
        ..NONE
    },
    Technology {
        name: "cloudflare-workers",
        words: &[Any("cloudflare workers"), Any("cloudflare worker"), Any("wrangler")],
        languages: JS,
        files: &["wrangler.toml", "wrangler.json", "wrangler.jsonc"],
        imports: &["cloudflare", "@cloudflare/workers-types"],
        commands: &["wrangler"],
        packages: &[Npm("wrangler"), Npm("@cloudflare/workers-types")],
        ..NONE
    },
    Technology {
        name: "vercel",
        words: &[Any("vercel")],
        files: &["vercel.json", ".vercel/**"],
        imports: &["@vercel"],
        commands: &["vercel"],
        packages: &[Npm("vercel"), Npm("@vercel/*")],
        ..NONE
    },
    Technology {
        name: "netlify",
        words: &[Any("netlify")],
        files: &["netlify.toml", "netlify/functions/**"],
        imports: &["@netlify"],
        commands: &["netlify"],
        packages: &[Npm("netlify-cli"), Npm("@netlify/*")],
        ..NONE
    },
];
