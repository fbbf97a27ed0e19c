//! JavaScript and TypeScript front ends: UI frameworks and meta-frameworks, state and data
//! libraries, component kits and styling.

use super::super::super::language::Word::{Any, Cased, MidSentence};
use super::super::Package::{Npm, PyPI};
use super::{JS, NONE, REACT, Technology};

#[rustfmt::skip]
pub(super) static WEB: &[Technology] = &[
    Technology {
        name: "react",
        words: &[Cased("React"), Any("reactjs"), Any("react.js")],
        languages: REACT,
        imports: &["react", "react-dom"],
        identifiers: &[
            "useState", "useEffect", "useMemo", "useCallback", "useRef", "useReducer",
            "useContext", "useLayoutEffect", "React.",
        ],
        commands: &["create-react-app"],
        packages: &[Npm("react"), Npm("react-dom")],
        ..NONE
    },
    Technology {
        name: "nextjs",
        words: &[Any("next.js"), Any("nextjs")],
        languages: REACT,
        implies: &["react"],
        files: &[
            "next.config.*", "next-env.d.ts", "app/**/page.{tsx,jsx,ts,js}",
            "app/**/layout.{tsx,jsx,ts,js}", "app/**/route.{ts,js}", "pages/_app.{tsx,jsx,ts,js}",
            "pages/_document.{tsx,jsx,ts,js}", "pages/api/**/*.{ts,js}",
        ],
        imports: &["next", "@next"],
        identifiers: &[
            "NextResponse", "NextRequest", "NextPage", "NextApiRequest", "NextApiResponse",
            "getServerSideProps", "getStaticProps", "getStaticPaths", "generateStaticParams",
            "generateMetadata",
        ],
        commands: &["next", "create-next-app"],
        packages: &[Npm("next"), Npm("@next/*")],
        ..NONE
    },
    Technology {
        name: "remix",
        words: &[MidSentence("Remix"), Any("remix.run")],
        languages: REACT,
        implies: &["react"],
        files: &["remix.config.*"],
        imports: &["@remix-run"],
        commands: &["remix"],
        packages: &[Npm("@remix-run/*")],
        ..NONE
    },
    Technology {
        name: "gatsby",
        words: &[Any("gatsby"), Any("gatsbyjs")],
        languages: REACT,
        implies: &["react"],
        files: &["gatsby-config.*", "gatsby-node.*"],
        imports: &["gatsby"],
        commands: &["gatsby"],
        packages: &[Npm("gatsby")],
        ..NONE
    },
    Technology {
        name: "react-router",
        words: &[Any("react router"), Any("react-router-dom")],
        languages: REACT,
        implies: &["react"],
        imports: &["react-router", "react-router-dom"],
        identifiers: &["useNavigate"],
        packages: &[Npm("react-router"), Npm("react-router-dom")],
        ..NONE
    },
    Technology {
        name: "vue",
        words: &[Any("vue"), Any("vue.js"), Any("vuejs")],
        languages: &["javascript", "typescript", "vue"],
        files: &["*.vue", "vue.config.*"],
        imports: &["vue"],
        identifiers: &["defineComponent", "defineProps", "defineEmits", "defineExpose"],
        commands: &["vue-cli-service", "vue"],
        packages: &[Npm("vue")],
        ..NONE
    },
    Technology {
        name: "nuxt",
        words: &[Any("nuxt"), Any("nuxt.js"), Any("nuxtjs")],
        languages: &["javascript", "typescript", "vue"],
        implies: &["vue"],
        files: &["nuxt.config.*"],
        imports: &["nuxt", "#app", "#imports"],
        identifiers: &["defineNuxtConfig", "defineNuxtPlugin", "useNuxtApp", "useAsyncData"],
        commands: &["nuxt", "nuxi"],
        packages: &[Npm("nuxt")],
        ..NONE
    },
    Technology {
        name: "pinia",
        words: &[Any("pinia")],
        languages: &["javascript", "typescript", "vue"],
        implies: &["vue"],
        imports: &["pinia"],
        identifiers: &["defineStore"],
        packages: &[Npm("pinia")],
        ..NONE
    },
    Technology {
        name: "svelte",
        words: &[Any("svelte")],
        languages: &["javascript", "typescript", "svelte"],
        files: &["*.svelte", "svelte.config.*"],
        imports: &["svelte"],
        commands: &["svelte-check"],
        packages: &[Npm("svelte")],
        ..NONE
    },
    Technology {
        name: "sveltekit",
        words: &[Any("sveltekit"), Any("svelte kit")],
        languages: &["javascript", "typescript", "svelte"],
        implies: &["svelte"],
        files: &[
            "+page.svelte", "+layout.svelte", "+error.svelte", "+page.{ts,js}",
            "+page.server.{ts,js}", "+layout.{ts,js}", "+layout.server.{ts,js}", "+server.{ts,js}",
        ],
        imports: &["@sveltejs/kit", "$app"],
        commands: &["svelte-kit"],
        packages: &[Npm("@sveltejs/kit")],
        ..NONE
    },
    Technology {
        name: "angular",
        words: &[Cased("Angular"), Any("angularjs"), Any("angular.js")],
        languages: &["typescript", "javascript", "angular"],
        files: &["angular.json", "*.component.ts", "*.component.html"],
        imports: &["@angular"],
        identifiers: &["@NgModule", "@Component", "@Input", "@Output", "@HostListener"],
        commands: &["ng", "@angular/cli"],
        packages: &[Npm("@angular/*")],
        ..NONE
    },
    Technology {
        name: "solidjs",
        words: &[Any("solidjs"), Any("solid.js"), Any("solid-js")],
        languages: JS,
        imports: &["solid-js", "@solidjs"],
        identifiers: &["createSignal"],
        packages: &[Npm("solid-js"), Npm("@solidjs/*")],
        ..NONE
    },
    Technology {
        name: "qwik",
        words: &[Any("qwik")],
        languages: JS,
        imports: &["@builder.io/qwik", "@builder.io/qwik-city", "@qwik.dev"],
        identifiers: &["component$"],
        packages: &[Npm("@builder.io/qwik"), Npm("@builder.io/qwik-city"), Npm("@qwik.dev/*")],
        ..NONE
    },
    Technology {
        name: "astro",
        words: &[Any("astro"), Any("astro.build")],
        languages: JS,
        files: &["*.astro", "astro.config.*"],
        imports: &["astro"],
        commands: &["astro"],
        packages: &[Npm("astro")],
        ..NONE
    },
    Technology {
        name: "htmx",
        words: &[Any("htmx")],
        languages: &["html", "javascript"],
        imports: &["htmx.org"],
        packages: &[Npm("htmx.org"), PyPI("django-htmx")],
        ..NONE
    },
    Technology {
        name: "alpinejs",
        words: &[Any("alpine.js"), Any("alpinejs")],
        languages: &["html", "javascript"],
        imports: &["alpinejs"],
        packages: &[Npm("alpinejs")],
        ..NONE
    },
    Technology {
        name: "jquery",
        words: &[Any("jquery")],
        languages: JS,
        imports: &["jquery"],
        identifiers: &["jQuery"],
        packages: &[Npm("jquery")],
        ..NONE
    },
    Technology {
        name: "ember",
        words: &[Any("ember.js"), Any("emberjs")],
        languages: JS,
        files: &["ember-cli-build.js"],
        imports: &["@ember", "@glimmer"],
        commands: &["ember"],
        packages: &[Npm("ember-source"), Npm("ember-cli")],
        ..NONE
    },
    Technology {
        name: "lit",
        words: &[Any("lit element"), Any("lit-html"), Any("lit.dev")],
        languages: JS,
        imports: &["lit", "lit-element", "lit-html"],
        identifiers: &["LitElement"],
        packages: &[Npm("lit"), Npm("lit-element")],
        ..NONE
    },
    Technology {
        name: "redux",
        words: &[Any("redux"), Any("redux toolkit"), Any("rtk query")],
        languages: JS,
        imports: &["redux", "@reduxjs/toolkit", "react-redux"],
        identifiers: &["createSlice", "configureStore", "useDispatch", "useSelector"],
        packages: &[Npm("redux"), Npm("@reduxjs/toolkit"), Npm("react-redux")],
        ..NONE
    },
    Technology {
        name: "zustand",
        words: &[Any("zustand")],
        languages: JS,
        imports: &["zustand"],
        packages: &[Npm("zustand")],
        ..NONE
    },
    Technology {
        name: "mobx",
        words: &[Any("mobx")],
        languages: JS,
        imports: &["mobx", "mobx-react", "mobx-react-lite"],
        packages: &[Npm("mobx"), Npm("mobx-react"), Npm("mobx-react-lite")],
        ..NONE
    },
    Technology {
        name: "jotai",
        words: &[Any("jotai")],
        languages: JS,
        imports: &["jotai"],
        packages: &[Npm("jotai")],
        ..NONE
    },
    Technology {
        name: "tanstack-query",
        words: &[Any("tanstack query"), Any("react query"), Any("vue query")],
        languages: JS,
        imports: &[
            "@tanstack/react-query", "@tanstack/vue-query", "@tanstack/svelte-query",
            "@tanstack/solid-query", "@tanstack/query-core", "react-query",
        ],
        identifiers: &[
            "useQueryClient", "QueryClientProvider", "queryOptions", "infiniteQueryOptions",
            "useInfiniteQuery", "useQueries", "useIsFetching",
        ],
        packages: &[
            Npm("@tanstack/react-query"), Npm("@tanstack/vue-query"), Npm("@tanstack/svelte-query"),
            Npm("@tanstack/solid-query"), Npm("@tanstack/query-core"), Npm("react-query"),
        ],
        ..NONE
    },
    Technology {
        name: "tanstack-router",
        words: &[Any("tanstack router"), Any("tanstack start")],
        languages: JS,
        imports: &["@tanstack/react-router", "@tanstack/solid-router", "@tanstack/react-start"],
        identifiers: &["createFileRoute", "createRootRoute"],
        packages: &[
            Npm("@tanstack/react-router"), Npm("@tanstack/solid-router"),
            Npm("@tanstack/react-start"),
        ],
        ..NONE
    },
    Technology {
        name: "tanstack-table",
        words: &[Any("tanstack table"), Any("react table")],
        languages: JS,
        imports: &["@tanstack/react-table", "@tanstack/table-core"],
        packages: &[Npm("@tanstack/react-table"), Npm("@tanstack/table-core")],
        ..NONE
    },
    Technology {
        name: "tailwind",
        words: &[Any("tailwind"), Any("tailwindcss"), Any("tailwind css")],
        files: &["tailwind.config.*"],
        imports: &["tailwindcss", "@tailwindcss"],
        identifiers: &["@tailwind"],
        packages: &[Npm("tailwindcss"), Npm("@tailwindcss/*"), PyPI("django-tailwind")],
        ..NONE
    },
    Technology {
        name: "shadcn",
        words: &[Any("shadcn"), Any("shadcn ui"), Any("shadcn-ui")],
        languages: REACT,
        implies: &["react", "tailwind"],
        files: &["components.json"],
        imports: &["@/components/ui"],
        commands: &["shadcn", "shadcn-ui"],
        packages: &[Npm("shadcn"), Npm("shadcn-ui")],
        ..NONE
    },
    Technology {
        name: "mui",
        words: &[Any("material ui"), Any("material-ui"), Any("mui")],
        languages: REACT,
        implies: &["react"],
        imports: &["@mui", "@material-ui"],
        packages: &[Npm("@mui/*"), Npm("@material-ui/*")],
        ..NONE
    },
    Technology {
        name: "chakra-ui",
        words: &[Any("chakra ui"), Any("chakra-ui")],
        languages: REACT,
        implies: &["react"],
        imports: &["@chakra-ui"],
        packages: &[Npm("@chakra-ui/*")],
        ..NONE
    },
    Technology {
        name: "bootstrap",
        words: &[Any("twitter bootstrap"), Any("react bootstrap"), Any("bootstrap5"), Any("bootstrap css")],
        imports: &["bootstrap", "react-bootstrap"],
        packages: &[Npm("bootstrap"), Npm("react-bootstrap")],
        ..NONE
    },
    Technology {
        name: "styled-components",
        words: &[Any("styled components"), Any("styled-components")],
        languages: JS,
        imports: &["styled-components"],
        packages: &[Npm("styled-components")],
        ..NONE
    },
];
